import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, real, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { bulkUploads } from './bulk-uploads.js';
import { ENTITY_STATUSES, clients } from './clients.js';

export const MEDIA_KINDS = ['demo', 'campaign'] as const;
export const MEDIA_TYPES = ['image', 'video', 'audio'] as const;

/**
 * Demo media and campaign media in one table: s.4b gives them the same shape, campaign media only
 * adds a campaign name and dates. One table keeps one file pipeline, one bulk-upload ledger and
 * one "media id of that client" lookup for show-media actions; `kind` separates the two screens.
 */
export const media = pgTable(
  'media',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: varchar('kind', { length: 10, enum: MEDIA_KINDS }).notNull(),
    // RESTRICT: a client with media answers 409 on delete (count in the message).
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description'),
    toneCode: varchar('tone_code', { length: 16 }),
    status: varchar('status', { length: 20, enum: ENTITY_STATUSES }).notNull().default('active'),
    mediaType: varchar('media_type', { length: 10, enum: MEDIA_TYPES }).notNull(),
    // Storage keys, and the name the file was uploaded with (shown in the edit drawer).
    file: varchar('file', { length: 500 }).notNull(),
    fileName: varchar('file_name', { length: 255 }),
    thumbnail: varchar('thumbnail', { length: 500 }),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    durationSeconds: real('duration_seconds'),
    campaignName: varchar('campaign_name', { length: 200 }),
    startDate: date('start_date'),
    endDate: date('end_date'),
    // Set when a bulk upload created the row: (upload, item) is unique, so replaying an item after
    // a crash cannot insert it twice. SET NULL: removing the upload row keeps its media.
    uploadId: integer('upload_id').references(() => bulkUploads.id, { onDelete: 'set null' }),
    uploadItem: text('upload_item'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('media_upload_item_uq').on(t.uploadId, t.uploadItem),
    // The lists always filter by kind and client; default sort newest first.
    index('media_kind_client_created_idx').on(t.kind, t.clientId, t.createdAt),
    index('media_client_idx').on(t.clientId),
    index('media_kind_status_idx').on(t.kind, t.status),
    index('media_title_idx').on(t.title),
    index('media_tone_code_idx').on(t.toneCode),
    // At most one ACTIVE media per (client, tone code), demo and campaign together: else which one a
    // device gets is a guess (docs/interfaces.md). Inactive rows may share a code.
    uniqueIndex('media_tone_code_active_uq').on(t.clientId, t.toneCode).where(sql`${t.status} = 'active' and ${t.toneCode} is not null`),
    index('media_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    // GET /files looks up the row that owns a stored file (its file or its thumbnail) to check the viewer's key.
    index('media_file_idx').on(t.file),
    index('media_thumbnail_idx').on(t.thumbnail),
    // Campaign media need a campaign name and dates in order; demo media carry none of them.
    check(
      'media_campaign_fields_ck',
      sql`(${t.kind} = 'demo' AND ${t.campaignName} IS NULL AND ${t.startDate} IS NULL AND ${t.endDate} IS NULL)
        OR (${t.kind} = 'campaign' AND ${t.campaignName} IS NOT NULL
          AND (${t.startDate} IS NULL OR ${t.endDate} IS NULL OR ${t.endDate} >= ${t.startDate}))`,
    ),
  ],
);
