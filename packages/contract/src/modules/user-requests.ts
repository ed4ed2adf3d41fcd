import { RESOURCE_INDEX } from '../registry/resource-index.js';
import { z } from 'zod';
import { DATE_RANGE_MESSAGE, dateBoundField, idField, timeZoneField, yearInRange } from '../common/fields.js';
import { listResultSchema } from '../common/list.js';
import { defineResource } from '../common/resource.js';
import { namedRefSchema } from '../common/rows.js';
import { PLATFORMS } from '../common/constants.js';

/** Most items one ingestion batch may carry; a longer list is refused whole (400). */
export const INGEST_MAX_ITEMS = 1000;
/** A requestedAt further ahead than this is a device clock gone wrong: the item is rejected. */
export const INGEST_MAX_FUTURE_MS = 5 * 60_000;

/** The header that carries a user's API key (from regenerate-api-key). */
export const API_KEY_HEADER = 'x-api-key';

const optionalDeviceText = (max: number) => z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(max).nullable().optional());

/**
 * One reported user request. Each item of a batch is judged alone against this schema: an item
 * that fails it is rejected with its index, the others are still stored.
 */
export const ingestItemSchema = z.object({
  eventId: z.uuid('eventId must be a UUID'),
  deviceCode: z.string().trim().min(1, 'deviceCode is required').max(64, 'deviceCode is at most 64 characters'),
  toneCode: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.string().min(1).max(16)),
  requestedAt: z.iso.datetime({ offset: true, error: 'requestedAt must be an ISO 8601 date-time' }).refine(yearInRange, DATE_RANGE_MESSAGE),
  platform: z.enum(PLATFORMS),
  deviceModel: optionalDeviceText(100),
  osVersion: optionalDeviceText(50),
  appVersion: optionalDeviceText(50),
});
export type IngestItem = z.infer<typeof ingestItemSchema>;

/**
 * The request body. The envelope is strict (not such an object, or outside 1..1000 items: 400,
 * nothing stored); the items are objects checked one by one with ingestItemSchema.
 */
export const ingestBodySchema = z.object({
  requests: z
    .array(z.record(z.string(), z.unknown()), { error: 'requests must be a list of objects' })
    .min(1, 'Send at least one request')
    .max(INGEST_MAX_ITEMS, `Send at most ${INGEST_MAX_ITEMS} requests per batch`),
});
export type IngestBody = { requests: Partial<Record<keyof IngestItem, unknown>>[] };

/** What a tone code triggers: an active manage-action first, else an active (campaign, then demo) media. */
export const ingestContentSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('manage-action'),
    id: z.number().int(),
    name: z.string(),
    actionType: z.string(),
    value: z.string(),
  }),
  z.object({
    kind: z.enum(['demo-media', 'campaign-media']),
    id: z.number().int(),
    title: z.string(),
    description: z.string().nullable(),
    mediaType: z.string(),
    /** Storage key: GET /api/files/<key>. */
    file: z.string(),
    thumbnail: z.string().nullable(),
    mimeType: z.string(),
  }),
]);
export type IngestContent = z.infer<typeof ingestContentSchema>;

/** 200: accepted + duplicates + rejected.length = items; data has one entry per stored (accepted or duplicate) item. */
export const ingestResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  accepted: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.array(z.object({ index: z.number().int(), message: z.string() })),
  data: z.array(z.object({ eventId: z.string(), content: ingestContentSchema.nullable() })),
});
export type IngestResponse = z.infer<typeof ingestResponseSchema>;

/** A row of GET /user-request and /user-request/device-code. */
export const userRequestSchema = z.object({
  id: z.number().int(),
  eventId: z.string(),
  deviceCode: z.string(),
  location: namedRefSchema,
  toneSequence: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
  platform: z.enum(PLATFORMS),
  deviceModel: z.string().nullable(),
  osVersion: z.string().nullable(),
  appVersion: z.string().nullable(),
  requestedAt: z.string(),
  receivedAt: z.string(),
});
export type UserRequest = z.infer<typeof userRequestSchema>;

/** Filters of GET /user-request and its exports (plus the list query). */
export const userRequestFilters = {
  locationId: idField().optional(),
  platform: z.preprocess((v) => (v === '' ? undefined : v), z.enum(PLATFORMS).optional()),
  from: dateBoundField,
  to: dateBoundField,
  /** Whose days a date-only `from`/`to` means (the browser's zone, as the list shows times); UTC without it. */
  timeZone: timeZoneField,
};

/** The device-details summary (GET /user-request/device-code adds it as `device`). */
export const deviceSummarySchema = z.object({
  deviceCode: z.string(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  requests: z.number().int(),
  platform: z.enum(PLATFORMS),
  deviceModel: z.string().nullable(),
  osVersion: z.string().nullable(),
  appVersion: z.string().nullable(),
});
export type DeviceSummary = z.infer<typeof deviceSummarySchema>;

/** Query of GET /user-request/device-code: the list query plus the device code (required). */
export const deviceCodeQuerySchema = z.object({
  deviceCode: z.string().trim().min(1, 'deviceCode is required').max(64),
});

/** GET /user-request/device-code: the device's requests (list shape) and its summary; device is null for a code never seen. */
export const deviceRequestsResponseSchema = listResultSchema(userRequestSchema).extend({ device: deviceSummarySchema.nullable() });
export type DeviceRequestsResponse = z.infer<typeof deviceRequestsResponseSchema>;

/**
 * GET /user-request (list + filters) and GET /user-request/export/{csv,excel,pdf}: read-only, so
 * only `view` and `export` are declared (no add/update/delete routes exist).
 */
export const userRequestsResource = defineResource({
  ...RESOURCE_INDEX['user-requests'],
  schemas: { row: userRequestSchema, create: z.object({}) },
  list: {
    sortFields: [
      'id',
      'deviceCode',
      'locationName',
      'toneSequenceName',
      'toneCode',
      'platform',
      'deviceModel',
      'osVersion',
      'appVersion',
      'requestedAt',
      'receivedAt',
    ],
    search: ['deviceCode', 'toneCode', 'deviceModel'],
    filters: userRequestFilters,
    exportColumns: [
      { key: 'id', header: 'ID', width: 0.6 },
      { key: 'requestedAt', header: 'Requested', type: 'date' },
      { key: 'deviceCode', header: 'Device code', width: 1.2 },
      { key: 'locationName', header: 'Location', width: 1.2 },
      { key: 'toneSequenceName', header: 'Tone sequence', width: 1.2 },
      { key: 'toneCode', header: 'Tone code' },
      { key: 'platform', header: 'Platform', width: 0.7 },
      { key: 'deviceModel', header: 'Device model' },
      { key: 'osVersion', header: 'OS', width: 0.7 },
      { key: 'appVersion', header: 'App', width: 0.7 },
    ],
  },
});

/** API paths of ingestion and user requests (relative to /api). */
export const USER_REQUEST_API_PATHS = {
  ingest: '/device/user-requests',
  list: userRequestsResource.api.list,
  export: userRequestsResource.api.export,
  deviceCode: '/user-request/device-code',
} as const;

export const USER_REQUEST_MESSAGES = {
  ingested: 'User requests received',
  unknownToneCode: 'Unknown tone code',
  future: 'requestedAt is more than 5 minutes in the future',
  badKey: 'A valid API key is required',
  listFailed: 'Failed to load posts',
} as const;
