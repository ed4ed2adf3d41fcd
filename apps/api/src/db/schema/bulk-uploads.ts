import { BULK_UPLOAD_KINDS, BULK_UPLOAD_STATUSES } from '@console/contract';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { clients } from './clients.js';
import { createdAt, identityId, timestamptz, requiredRef, timestamps } from './columns.js';
import { users } from './users.js';

export const BULK_ITEM_STATUSES = ['pending', 'done', 'failed'] as const;

/**
 * One row per received file part of a bulk upload (DESIGN s.4b "upload file row"). The part is
 * stored first (storageKey), then a background job reads it item by item.
 */
export const bulkUploads = pgTable(
  'bulk_uploads',
  {
    id: identityId(),
    kind: varchar('kind', { length: 20, enum: BULK_UPLOAD_KINDS }).notNull(),
    // CASCADE: an upload row is a log of a client's imports; it goes with the client. (A client
    // that still has media or actions cannot be deleted anyway: those FKs restrict.)
    clientId: requiredRef('client_id', () => clients.id, 'cascade'),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    mimeType: varchar('mime_type', { length: 100 }),
    storageKey: varchar('storage_key', { length: 500 }),
    // The optional manifest sent with the same request (media kinds), shared by its parts.
    manifestKey: varchar('manifest_key', { length: 500 }),
    // The column mapping the user settled on in the preview (contract bulkMappingSchema): the job
    // reads the sheet (or the manifest) through it. Null: every field by its own name.
    mapping: jsonb('mapping').$type<Record<string, string | null>>(),
    status: varchar('status', { length: 20, enum: BULK_UPLOAD_STATUSES }).notNull().default('pending'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    // A failure of the whole file (unreadable archive, bad sheet header), as opposed to items.
    error: text('error'),
    // The whole-file failure is the file's own (not a sheet, a header without a required column,
    // not media): reading it again would fail the same way, so a retry is refused up front.
    errorFinal: boolean('error_final').notNull().default(false),
    // How far the job has read the part: its items are all known (media: in the ledger; sheets:
    // `total` exact), and for sheets the last row settled by the first pass (see modules/bulk-uploads/sheet-engine.ts).
    readComplete: boolean('read_complete').notNull().default(false),
    readPosition: integer('read_position').notNull().default(0),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The completed and pending-failed lists: per kind and client, filtered by status, newest first.
    index('bulk_uploads_kind_client_status_idx').on(t.kind, t.clientId, t.status, t.createdAt),
    index('bulk_uploads_kind_status_created_idx').on(t.kind, t.status, t.createdAt),
    index('bulk_uploads_client_idx').on(t.clientId),
    index('bulk_uploads_uploaded_by_idx').on(t.uploadedBy),
    index('bulk_uploads_file_name_idx').on(t.fileName),
  ],
);

/**
 * The items of an upload the job keeps a record of: every archive entry or plain media file,
 * written when the part is first read, and the failed rows of a sheet (a sheet's done rows are
 * recorded by their action's unique (upload_id, upload_item) alone). Its status is the
 * exactly-once ledger: the job marks an item done in the same transaction that inserts its
 * entity, so a crash either keeps both or neither.
 */
export const bulkUploadItems = pgTable(
  'bulk_upload_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    uploadId: requiredRef('upload_id', () => bulkUploads.id, 'cascade'),
    // Row number, archive entry path or file name: what errors and the error CSV show.
    item: text('item').notNull(),
    position: integer('position').notNull(),
    status: varchar('status', { length: 10, enum: BULK_ITEM_STATUSES }).notNull().default('pending'),
    message: text('message'),
    // Field errors of a sheet row ([{column, message}]), kept for the error CSV.
    details: jsonb('details'),
    entityId: integer('entity_id'),
    attempts: integer('attempts').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('bulk_upload_items_upload_item_uq').on(t.uploadId, t.item),
    index('bulk_upload_items_upload_status_idx').on(t.uploadId, t.status, t.position),
  ],
);

/**
 * Which bulk-upload item created a row (media, manage-actions), when one did: (upload, item) is
 * unique, so replaying an item after a crash cannot insert it twice. SET NULL: removing the upload
 * row keeps what it created.
 */
export const uploadSource = () => ({
  uploadId: integer('upload_id').references(() => bulkUploads.id, { onDelete: 'set null' }),
  uploadItem: text('upload_item'),
});

/** A user's saved column mapping per bulk kind (the preview's "Save mapping"), offered on the next preview. */
export const bulkMappings = pgTable(
  'bulk_mappings',
  {
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    kind: varchar('kind', { length: 20, enum: BULK_UPLOAD_KINDS }).notNull(),
    mapping: jsonb('mapping').$type<Record<string, string | null>>().notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bulk_mappings_user_kind_uq').on(t.userId, t.kind)],
);
