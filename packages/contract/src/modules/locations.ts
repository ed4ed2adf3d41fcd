import { RESOURCE_INDEX } from '../registry/resource-index.js';
import { z } from 'zod';
import { COUNTRY_CODES, COUNTRY_MESSAGE } from '../common/countries.js';
import { idField, optionalText, requiredText, STATUSES, statusField } from '../common/fields.js';
import { defineResource, EXPORT_COLUMNS } from '../common/resource.js';
import { rowTimestamps } from '../common/rows.js';

/** A coordinate from a form or JSON: '' or null clears it; out of range is refused with its own message. */
const coordinate = (label: string, limit: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? null : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: `${label} must be a number` })
      .min(-limit, `${label} must be between -${limit} and ${limit}`)
      .max(limit, `${label} must be between -${limit} and ${limit}`)
      .nullable()
      .optional(),
  );

export const locationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  clientId: z.number().int().nullable(),
  clientName: z.string().nullable(),
  status: z.enum(STATUSES),
  toneSequences: z.number().int(),
  userRequests: z.number().int(),
  ...rowTimestamps,
});
export type Location = z.infer<typeof locationSchema>;

/** DESIGN s.4b: name, address, city, country (ISO 3166-1 alpha-2), latitude, longitude, clientId, status. */
export const locationInputSchema = z
  .object({
    name: requiredText('Location name', 120),
    address: optionalText(500),
    city: optionalText(120),
    country: z.preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim().toUpperCase()) : v),
      // An enum, not a pattern: 'XX' is refused, and the OpenAPI document lists the codes.
      z.enum(COUNTRY_CODES, { error: COUNTRY_MESSAGE }).nullable().optional(),
    ),
    latitude: coordinate('Latitude', 90),
    longitude: coordinate('Longitude', 180),
    clientId: z.preprocess((v) => (v === '' ? null : v), idField().nullable().optional()),
    status: statusField.default('active'),
  })
  // A point needs both halves: one without the other cannot be placed.
  .superRefine((v, ctx) => {
    const lat = v.latitude ?? null;
    const lng = v.longitude ?? null;
    if ((lat === null) !== (lng === null)) {
      const missing = lat === null ? 'latitude' : 'longitude';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'Give both latitude and longitude, or neither' });
    }
  });
export type LocationInput = z.input<typeof locationInputSchema>;

/** The list's filters (a shape: the web build builds them when the filter schema is first read). */
const locationListFilters = { status: z.enum(STATUSES).optional(), clientId: idField().optional() };

export const locationsResource = defineResource({
  ...RESOURCE_INDEX.locations,
  schemas: { row: locationSchema, create: locationInputSchema },
  // GET /locations/{id}: the tone sequences panel names a location that is not on the page shown.
  detail: true,
  options: { label: 'name' },
  // The location form's client dropdown.
  references: { clientId: { resource: 'clients', readBy: ['create', 'update'] } },
  list: {
    sortFields: [
      'id',
      'name',
      'city',
      'country',
      'latitude',
      'longitude',
      'clientName',
      'status',
      'toneSequences',
      'userRequests',
      'createdAt',
    ],
    search: ['name', 'address', 'city', 'country'],
    filters: locationListFilters,
    exportColumns: [
      EXPORT_COLUMNS.id,
      EXPORT_COLUMNS.name,
      { key: 'address', header: 'Address', width: 1.6 },
      { key: 'city', header: 'City' },
      { key: 'country', header: 'Country', width: 0.6 },
      { key: 'latitude', header: 'Latitude', width: 0.8 },
      { key: 'longitude', header: 'Longitude', width: 0.8 },
      { key: 'clientName', header: 'Client' },
      EXPORT_COLUMNS.status,
      { key: 'toneSequences', header: 'Tone sequences', width: 0.7 },
      { key: 'userRequests', header: 'User requests', width: 0.7 },
      EXPORT_COLUMNS.createdAt,
    ],
  },
});

const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * The 409 of deleting a location in use: each count by name, and a way forward. User requests
 * are the devices' history and cannot be deleted, so while there are any the way is to deactivate
 * (the web's delete dialog offers that); tone sequences alone may also be removed first.
 */
export function locationInUseMessage({ toneSequences, userRequests }: { toneSequences: number; userRequests: number }): string {
  const held = [
    toneSequences > 0 ? counted(toneSequences, 'tone sequence') : '',
    userRequests > 0 ? counted(userRequests, 'user request') : '',
  ]
    .filter(Boolean)
    .join(' and ');
  const way =
    userRequests > 0
      ? 'User requests are kept as history and cannot be deleted: deactivate the location instead.'
      : `Remove ${toneSequences === 1 ? 'it' : 'them'} first, or deactivate the location instead.`;
  return `This location still has ${held}. ${way}`;
}
