import { z } from 'zod';
import { CLIENT_TYPES } from '../common/constants.js';
import { MEDIA_CLIENT_TYPES } from './media.js';
import { PERMISSION_KEYS } from '../common/catalogue.js';
import { idField } from '../common/fields.js';
import { listQuerySchema } from '../common/list.js';

/**
 * Bulk uploads (DESIGN s.4b "Bulk uploads"): the same seven routes under each kind's API segment.
 * One upload file row per received part; a background job turns it into items (sheet rows,
 * archive entries, a plain media file) and items into media or manage-actions, exactly once.
 */
export const BULK_UPLOAD_KINDS = ['demo-media', 'campaign-media', 'manage-actions'] as const;
export type BulkUploadKind = (typeof BULK_UPLOAD_KINDS)[number];

export const BULK_UPLOAD_STATUSES = ['pending', 'processing', 'completed', 'failed', 'partially-failed'] as const;
export type BulkUploadStatus = (typeof BULK_UPLOAD_STATUSES)[number];

/** The statuses of the "pending-failed" list (everything not completed). */
export const BULK_UPLOAD_OPEN_STATUSES = ['pending', 'processing', 'failed', 'partially-failed'] as const;

export const bulkUploadItemErrorSchema = z.object({
  /** Row number (sheets), archive entry path or file name. */
  item: z.string(),
  message: z.string(),
});
export type BulkUploadItemError = z.infer<typeof bulkUploadItemErrorSchema>;

/** An upload file row, exactly as s.4b lists it. */
export const bulkUploadFileSchema = z.object({
  id: z.number().int(),
  kind: z.enum(BULK_UPLOAD_KINDS),
  clientId: z.number().int(),
  fileName: z.string(),
  size: z.number().int(),
  status: z.enum(BULK_UPLOAD_STATUSES),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  errors: z.array(bulkUploadItemErrorSchema),
  uploadedBy: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type BulkUploadFile = z.infer<typeof bulkUploadFileSchema>;

/** How many item errors a row carries (the error CSV has them all). */
export const BULK_UPLOAD_ROW_ERRORS = 50;

/** Multipart fields of POST /{kind}/bulk-upload (the file parts are `files`, and `manifest` for media). */
export const bulkUploadFieldsSchema = z.object({ clientId: idField('Choose a client') });

/** GET /{kind}/completed/files and /pending-failed/files: the list query (search on fileName) + clientId. */
export const BULK_UPLOAD_SORT_FIELDS = ['id', 'fileName', 'size', 'status', 'total', 'done', 'failed', 'createdAt', 'finishedAt'] as const;
export const bulkUploadListFiltersSchema = z.object({ clientId: idField().optional() });
export const bulkUploadListQuerySchema = listQuerySchema.extend(bulkUploadListFiltersSchema.shape);
export type BulkUploadListQuery = z.input<typeof bulkUploadListQuerySchema>;

export const bulkUploadAcceptedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.array(bulkUploadFileSchema),
});
export type BulkUploadAccepted = z.infer<typeof bulkUploadAcceptedSchema>;

export const bulkUploadRetrySchema = z.object({ success: z.literal(true), message: z.string(), data: bulkUploadFileSchema });

export const BULK_TEMPLATE_FORMATS = ['csv', 'excel'] as const;
export type BulkTemplateFormat = (typeof BULK_TEMPLATE_FORMATS)[number];
export const bulkTemplateParamSchema = z.object({ format: z.enum(BULK_TEMPLATE_FORMATS) });

/** The API segment of each kind (the spec's paths). */
const BASES: Record<BulkUploadKind, string> = {
  'demo-media': '/demo-media',
  'campaign-media': '/campaign-media',
  'manage-actions': '/manage-actions',
};

/** The seven routes of a kind as patterns (the API's route table). */
export function bulkUploadRoutes(kind: BulkUploadKind) {
  const base = BASES[kind];
  return {
    upload: `${base}/bulk-upload`,
    completed: `${base}/completed/files`,
    pendingFailed: `${base}/pending-failed/files`,
    retry: `${base}/bulk-upload/:id/retry`,
    remove: `${base}/bulk-upload/:id`,
    errorsCsv: `${base}/bulk-upload/:id/errors/csv`,
    template: `${base}/bulk-upload/template/:format`,
  };
}

/** The same seven with real ids filled into the patterns (web fetchers, tests). */
export function bulkUploadPaths(kind: BulkUploadKind) {
  const routes = bulkUploadRoutes(kind);
  const withId = (route: string) => (id: number) => route.replace(':id', String(id));
  return {
    upload: routes.upload,
    completed: routes.completed,
    pendingFailed: routes.pendingFailed,
    retry: withId(routes.retry),
    remove: withId(routes.remove),
    errorsCsv: withId(routes.errorsCsv),
    template: (format: BulkTemplateFormat) => routes.template.replace(':format', format),
  };
}

/** Permission per kind: `upload` for the writes (upload, retry, delete, templates), `view` for the lists and the error CSV. */
export const BULK_UPLOAD_KEYS: Record<BulkUploadKind, { upload: string; view: string }> = {
  'demo-media': { upload: PERMISSION_KEYS.demoMedia.bulkUpload, view: PERMISSION_KEYS.demoMedia.view },
  'campaign-media': { upload: PERMISSION_KEYS.campaignMedia.bulkUpload, view: PERMISSION_KEYS.campaignMedia.view },
  'manage-actions': { upload: PERMISSION_KEYS.manageActions.bulkUpload, view: PERMISSION_KEYS.manageActions.view },
};

/** Whether a kind takes media files/ZIPs (+ an optional manifest) rather than sheets. */
export const isMediaBulkKind = (kind: BulkUploadKind) => kind !== 'manage-actions';

/** Client types a kind accepts (as the single add of the same screen). */
export const BULK_UPLOAD_CLIENT_TYPES: Record<BulkUploadKind, readonly ('demo' | 'live' | 'both')[]> = {
  ...MEDIA_CLIENT_TYPES,
  'manage-actions': CLIENT_TYPES,
};

/**
 * Template columns per kind (media: the manifest's columns; manage-actions: the sheet's) and the
 * one example row the template carries.
 */
export const BULK_TEMPLATE_COLUMNS: Record<BulkUploadKind, readonly string[]> = {
  'demo-media': ['fileName', 'title', 'description', 'toneCode', 'status'],
  'campaign-media': ['fileName', 'title', 'description', 'toneCode', 'status', 'campaignName', 'startDate', 'endDate'],
  'manage-actions': ['name', 'actionType', 'value', 'toneCode', 'status'],
};
export const BULK_TEMPLATE_EXAMPLES: Record<BulkUploadKind, Record<string, string>> = {
  'demo-media': { fileName: 'welcome.png', title: 'Welcome banner', description: 'Shown on entry', toneCode: 'TONE-01', status: 'active' },
  'campaign-media': {
    fileName: 'summer.mp4',
    title: 'Summer spot',
    description: 'Main campaign video',
    toneCode: 'SUMMER-1',
    status: 'active',
    campaignName: 'Summer sale',
    startDate: '2026-06-01',
    endDate: '2026-08-31',
  },
  'manage-actions': { name: 'Open shop', actionType: 'open-url', value: 'https://example.com/shop', toneCode: 'SHOP-01', status: 'active' },
};

export const BULK_UPLOAD_MESSAGES = {
  received: (n: number) => `${n} file${n === 1 ? '' : 's'} received; processing has started`,
  retried: 'The failed items are queued again',
  deleted: 'Upload removed',
  notFound: 'Upload not found',
  nothingToRetry: 'There is nothing to retry: no item of this upload failed',
  // Short enough to read in a 5 s toast (spec s.3); the error list and its CSV say which items.
  nothingRetryable: 'A retry would fail the same way: the failed items are wrong in the file itself. Correct the file and upload it again',
  fileNotRetryable: 'A retry would fail the same way: the file itself is wrong. Correct it and upload it again',
  stillProcessing: 'This upload is being processed; try again once it has finished',
  noFiles: 'Choose at least one file',
  unknownClient: 'Client not found',
  wrongClientType: (kind: BulkUploadKind) =>
    kind === 'demo-media'
      ? 'Choose a client of type demo or both'
      : kind === 'campaign-media'
        ? 'Choose a client of type live or both'
        : 'Choose a client',
  tooManyFiles: (max: number) => `At most ${max} files per upload`,
  oneManifest: 'Only one manifest is accepted',
  manifestNotForKind: 'Manage-actions uploads take no manifest',
  /** A manifest row whose file is in no part of its request (reported once, on the request's last part). */
  notInUpload: 'The manifest names this file, but it is not in the upload',
  wrongSheetType: 'Not a spreadsheet (XLSX, or CSV in UTF-8)',
  emptySheet: 'The sheet has no rows under its header',
  wrongMediaType: 'Not a media file (image, video or audio) or a ZIP archive',
  /** Spec s.8: the SPA's fallback when a bulk upload call fails. */
  addFailed: 'Error adding user',
} as const;

/** Most file parts in one request. */
export const BULK_UPLOAD_MAX_FILES = 20;
/** Most rows per sheet (manage-actions) and per manifest. */
export const BULK_SHEET_MAX_ROWS = 100_000;
