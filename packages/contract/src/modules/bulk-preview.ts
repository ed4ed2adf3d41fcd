import { z } from 'zod';
import { idField } from '../common/fields.js';
import { BULK_TEMPLATE_COLUMNS, type BulkUploadKind, bulkUploadRoutes } from './bulk-uploads.js';

/**
 * Import preview (issue 18 part 2): before a sheet (manage-actions) or a manifest (media kinds) is
 * imported, the server reads it through the import's own validation, writing nothing, and answers
 * the columns it found, how they map to the fields, the first rows as they would be stored, every
 * row that would fail and the counts. The mapping the user settles on goes with the upload (and
 * may be saved per user and kind).
 */

/** Rows of the preview shown as they would be stored. */
export const BULK_PREVIEW_ROWS = 50;
/** Failing rows listed in a preview answer (all are counted). */
export const BULK_PREVIEW_MAX_FAILURES = 1000;

/**
 * Field -> the header of the file's column that fills it; null leaves the field unread (an
 * optional field then takes its default). A field left out is found by its own name, as
 * without a mapping (case, spaces, dashes and underscores ignored).
 */
export function bulkMappingSchema(kind: BulkUploadKind) {
  const header = z.string().trim().min(1, 'Choose a column').max(200, 'A column name is at most 200 characters').nullable().optional();
  return z.strictObject(Object.fromEntries(BULK_TEMPLATE_COLUMNS[kind].map((field) => [field, header])), {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `Not a field of this upload: ${issue.keys.join(', ')}` : undefined),
  });
}
export type BulkMapping = Record<string, string | null | undefined>;

/** A mapping as a multipart field is text: JSON of the mapping (empty = none). */
export function parseMappingField(
  kind: BulkUploadKind,
  value: unknown,
): { ok: true; mapping: BulkMapping | null } | { ok: false; message: string } {
  if (value === undefined || value === null || value === '') return { ok: true, mapping: null };
  let json: unknown;
  try {
    json = JSON.parse(String(value));
  } catch {
    return { ok: false, message: BULK_PREVIEW_MESSAGES.badMapping };
  }
  const parsed = bulkMappingSchema(kind).safeParse(json);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? BULK_PREVIEW_MESSAGES.badMapping };
  return { ok: true, mapping: parsed.data as BulkMapping };
}

/** Multipart fields of the preview besides its one file part (`file`). */
export const bulkPreviewFieldsSchema = z.object({ clientId: idField('Choose a client') });

export const bulkPreviewFieldSchema = z.object({
  /** The field's key (a template column). */
  key: z.string(),
  /** Its name in a sentence ('Action type'). */
  label: z.string(),
  required: z.boolean(),
});

export const bulkPreviewSchema = z.object({
  /** The file's header row, as written (blank headers left out). */
  columns: z.array(z.string()),
  fields: z.array(bulkPreviewFieldSchema),
  /** The mapping the preview used: each field's column, or null when nothing fills it. */
  mapping: z.record(z.string(), z.string().nullable()),
  /** The first BULK_PREVIEW_ROWS rows that would be added, as they would be stored. */
  rows: z.array(z.object({ row: z.number().int(), data: z.record(z.string(), z.unknown()) })),
  /** Rows that would fail, in sheet order (at most BULK_PREVIEW_MAX_FAILURES). */
  failures: z.array(z.object({ row: z.number().int(), message: z.string() })),
  counts: z.object({ rows: z.number().int(), wouldAdd: z.number().int(), wouldFail: z.number().int() }),
  /** The whole file is unusable as mapped (a required field without a column, a column twice): nothing would be imported. */
  sheetError: z.string().nullable(),
});
export type BulkPreview = z.infer<typeof bulkPreviewSchema>;
export const bulkPreviewResponseSchema = z.object({ success: z.literal(true), data: bulkPreviewSchema });

/** PUT body of the saved mapping. */
export function bulkSaveMappingBodySchema(kind: BulkUploadKind) {
  return z.object({ mapping: bulkMappingSchema(kind) });
}

export const bulkSavedMappingResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ mapping: z.record(z.string(), z.string().nullable()).nullable() }),
});

/** The preview and saved-mapping routes of a kind, beside its seven (bulkUploadRoutes). */
export function bulkPreviewRoutes(kind: BulkUploadKind) {
  const { upload } = bulkUploadRoutes(kind);
  return { preview: `${upload}/preview`, mapping: `${upload}/mapping` };
}

export const BULK_PREVIEW_MESSAGES = {
  noFile: 'Choose a file to preview',
  oneFile: 'Preview one file at a time',
  badMapping: 'The column mapping is not valid',
  mappingSaved: 'Column mapping saved',
  columnTwice: (header: string) => `The column "${header}" is mapped to two fields`,
  noSuchColumn: (header: string) => `The file has no column "${header}"`,
  /** A manifest row naming a file an earlier row names: the job uses the first (manifest.ts). */
  manifestFileTwice: 'An earlier row names this file: that row is the one used',
  /** A row the kind's checks refused without a message of their own. */
  notImported: 'The row would not be imported',
} as const;
