import { RESOURCE_INDEX } from '../registry/resource-index.js';
import { z } from 'zod';
import { idField, requiredText, STATUSES, statusField } from '../common/fields.js';
import { defineResource, EXPORT_COLUMNS } from '../common/resource.js';
import { rowTimestamps } from '../common/rows.js';

/** What a device hears (DESIGN s.4b): 4-16 of A-Z, 0-9 and -, stored upper-case. */
export const TONE_CODE_RE = /^[A-Z0-9-]{4,16}$/;
/** Says what a code is, so that it reads alone too (a sheet's row error has no field around it). */
export const TONE_CODE_MESSAGE = 'A tone code is 4 to 16 of A-Z, 0-9 and -';

export const toneCodeField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.string({ error: 'Code is required' }).regex(TONE_CODE_RE, TONE_CODE_MESSAGE),
);

export const toneSequenceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  locationId: z.number().int(),
  locationName: z.string(),
  status: z.enum(STATUSES),
  ...rowTimestamps,
});
export type ToneSequence = z.infer<typeof toneSequenceSchema>;

export const toneSequenceInputSchema = z.object({
  name: requiredText('Tone sequence name', 120),
  code: toneCodeField,
  locationId: idField('Location is required'),
  status: statusField.default('active'),
});
export type ToneSequenceInput = z.input<typeof toneSequenceInputSchema>;

/** The list's filters (a shape: the web build builds them when the filter schema is first read). */
const toneSequenceListFilters = { locationId: idField().optional(), status: z.enum(STATUSES).optional() };

/** Tone sequences of a location: GET /tone-sequences?locationId=, add, update/{id}, delete/{id}, export/{format}. */
export const toneSequencesResource = defineResource({
  ...RESOURCE_INDEX['tone-sequences'],
  schemas: { row: toneSequenceSchema, create: toneSequenceInputSchema },
  list: {
    sortFields: ['id', 'name', 'code', 'locationName', 'status', 'createdAt'],
    search: ['name', 'code'],
    filters: toneSequenceListFilters,
    exportColumns: [
      EXPORT_COLUMNS.id,
      EXPORT_COLUMNS.name,
      { key: 'code', header: 'Code' },
      { key: 'locationName', header: 'Location', width: 1.4 },
      EXPORT_COLUMNS.status,
      EXPORT_COLUMNS.createdAt,
    ],
  },
});
