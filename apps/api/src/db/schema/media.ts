import { MEDIA_TYPES } from '@console/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, real, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { uploadSource } from './bulk-uploads.js';
import { clients } from './clients.js';
import { entityStatus, identityId, requiredRef, timestamps, trigramIndex } from './columns.js';

export const MEDIA_KINDS = ['demo', 'campaign'] as const;

/**
 * Demo media and campaign media in one table: s.4b gives them the same shape, campaign media only
 * adds a campaign name and dates. One table keeps one file pipeline, one bulk-upload ledger and
 * one "media id of that client" lookup for show-media actions; `kind` separates the two screens.
 */
export const media = pgTable(
  'media',
  {
    id: identityId(),
    kind: varchar('kind', { length: 10, enum: MEDIA_KINDS }).notNull(),
    // RESTRICT: a client with media answers 409 on delete (count in the message).
    clientId: requiredRef('client_id', () => clients.id, 'restrict'),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description'),
    toneCode: varchar('tone_code', { length: 16 }),
    status: entityStatus(),
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
    ...uploadSource(),
    ...timestamps(),
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
    trigramIndex('media_title_trgm_idx', t.title),
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
