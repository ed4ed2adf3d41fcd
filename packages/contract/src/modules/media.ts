import { z } from 'zod';
import type { CLIENT_TYPES } from '../common/constants.js';
import { DATE_RANGE_MESSAGE, idField, optionalText, requiredText, STATUSES, statusField, yearInRange } from '../common/fields.js';
import {
  defineResource,
  EXPORT_COLUMNS,
  type ResourceExportColumn,
  type ResourcePlace,
  type ResourceListDefinition,
} from '../common/resource.js';
import { rowTimestamps } from '../common/rows.js';
import { toneCodeField } from './tone-sequences.js';

/** What a stored media file is, decided from its content (never from its name). */
export const MEDIA_TYPES = ['image', 'video', 'audio'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** The two screens (and bulk-upload kinds) over the one media table. */
export const MEDIA_KINDS = ['demo-media', 'campaign-media'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/**
 * DESIGN s.4b: the client types each kind may belong to. A client's type may not change away from
 * its media (409), and an old row whose client no longer fits stays editable while its client is kept.
 */
export const MEDIA_CLIENT_TYPES = {
  'demo-media': ['demo', 'both'],
  'campaign-media': ['live', 'both'],
} as const satisfies Record<MediaKind, readonly (typeof CLIENT_TYPES)[number][]>;

/**
 * At most one ACTIVE media per (client, tone code), demo and campaign together (docs/interfaces.md):
 * otherwise which one a device gets would be a guess. Add, edit and bulk items answer this.
 */
export const MEDIA_TONE_CODE_MESSAGES = {
  taken: 'Another active media of this client already uses this tone code. Use another code, or make the other media inactive first.',
} as const;

/** An add without a file part: the API's field error, and the add form's own check before it sends. */
export const MEDIA_FILE_MESSAGES = { required: 'Choose an image, video or audio file' } as const;

/** Optional trigger tone code: empty means none; otherwise 4-16 of A-Z, 0-9 and - (upper-cased). */
export const optionalToneCode = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  toneCodeField.nullable().optional(),
);

export const ISO_DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const realDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
/** A calendar date `YYYY-MM-DD` (form text); empty means none. */
export const optionalDate = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
  z
    .string()
    .regex(ISO_DATE_RE, 'Enter a date as YYYY-MM-DD')
    .refine(realDate, 'Enter a real date')
    .refine(yearInRange, DATE_RANGE_MESSAGE)
    .nullable()
    .optional(),
);

export const MEDIA_DATE_MESSAGES = { endBeforeStart: 'The end date must not be before the start date' } as const;

/** End not before start (both given); the issue lands on endDate so the form shows it there. */
const datesInOrder = (v: { startDate?: string | null; endDate?: string | null }, ctx: z.RefinementCtx) => {
  if (v.startDate && v.endDate && v.endDate < v.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: MEDIA_DATE_MESSAGES.endBeforeStart });
  }
};

const mediaRowShape = {
  id: z.number().int(),
  clientId: z.number().int(),
  clientName: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  toneCode: z.string().nullable(),
  status: z.enum(STATUSES),
  mediaType: z.enum(MEDIA_TYPES),
  /** Storage keys: read them through GET /api/files/<key> (Range requests work for video/audio). */
  file: z.string(),
  thumbnail: z.string().nullable(),
  /** The name the file was uploaded with. */
  fileName: z.string().nullable(),
  mimeType: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationSeconds: z.number().nullable(),
  ...rowTimestamps,
};

export const demoMediaSchema = z.object(mediaRowShape);
export type DemoMedia = z.infer<typeof demoMediaSchema>;

export const campaignMediaSchema = z.object({
  ...mediaRowShape,
  campaignName: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});
export type CampaignMedia = z.infer<typeof campaignMediaSchema>;

/** The text fields of add/update (multipart; the media travels as the file part `file`, optional on update). */
const mediaInputShape = {
  clientId: idField('Choose a client'),
  title: requiredText('Title', 200),
  description: optionalText(2000),
  toneCode: optionalToneCode,
  status: statusField.default('active'),
};

export const demoMediaInputSchema = z.object(mediaInputShape);
export type DemoMediaInput = z.input<typeof demoMediaInputSchema>;

const campaignFieldsShape = {
  campaignName: requiredText('Campaign name', 200),
  startDate: optionalDate,
  endDate: optionalDate,
};

export const campaignMediaInputSchema = z.object({ ...mediaInputShape, ...campaignFieldsShape }).superRefine(datesInOrder);
export type CampaignMediaInput = z.input<typeof campaignMediaInputSchema>;

/**
 * One row of a media bulk-upload manifest (CSV/XLSX): which file it describes and the fields
 * to give it. An empty title means "the file name without its extension" (DESIGN s.4b).
 */
export function mediaManifestRowSchema(kind: MediaKind) {
  const base = {
    fileName: requiredText('File name', 255),
    title: optionalText(200, 'Title must be at most 200 characters'),
    description: optionalText(2000),
    toneCode: optionalToneCode,
    status: statusField.default('active'),
  };
  return kind === 'campaign-media' ? z.object({ ...base, ...campaignFieldsShape }).superRefine(datesInOrder) : z.object(base);
}
export type MediaManifestRow = z.infer<ReturnType<typeof mediaManifestRowSchema>> & {
  campaignName?: string;
  startDate?: string | null;
  endDate?: string | null;
};

const mediaFilters = {
  clientId: idField().optional(),
  status: z.enum(STATUSES).optional(),
  mediaType: z.enum(MEDIA_TYPES).optional(),
};
export const mediaSortFields = [
  'id',
  'title',
  'mediaType',
  'toneCode',
  'status',
  'size',
  'durationSeconds',
  'createdAt',
  'updatedAt',
] as const;
export const mediaExportColumns: ResourceExportColumn[] = [
  EXPORT_COLUMNS.id,
  { key: 'title', header: 'Title', width: 1.6 },
  { key: 'clientName', header: 'Client', width: 1.2 },
  { key: 'mediaType', header: 'Type', width: 0.6 },
  { key: 'mimeType', header: 'Format', width: 0.9 },
  { key: 'toneCode', header: 'Tone code' },
  EXPORT_COLUMNS.status,
  { key: 'size', header: 'Size (bytes)', width: 0.8 },
  EXPORT_COLUMNS.createdAt,
];
const mediaFile = { field: 'file', allowed: 'media', use: 'media' } as const;

/**
 * A media screen over the one media table (demo or campaign, DESIGN s.4b): named as its kind and
 * bulk-upload importer, a client's media filtered alike and uploaded as the file part `file`.
 */
export function defineMediaResource<P extends ResourcePlace & { name: MediaKind }, Row extends z.ZodTypeAny, Create extends z.ZodTypeAny>(
  place: P,
  input: {
    schemas: { row: Row; create: Create };
    list: Omit<ResourceListDefinition<typeof mediaFilters>, 'filters'>;
  },
) {
  return defineResource({
    ...place,
    references: { clientId: { resource: 'clients', readBy: ['view'] } },
    importer: place.name,
    file: mediaFile,
    ...input,
    list: { ...input.list, filters: mediaFilters },
  });
}
