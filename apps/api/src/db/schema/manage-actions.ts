import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { bulkUploads } from './bulk-uploads.js';
import { ENTITY_STATUSES, clients } from './clients.js';
import { media } from './media.js';

export const ACTION_TYPES = ['open-url', 'deep-link', 'show-media', 'call', 'email', 'sms'] as const;

/** What a tone code makes the phone do (DESIGN s.4b manage-actions). */
export const manageActions = pgTable(
  'manage_actions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    // RESTRICT: a client with actions answers 409 on delete.
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 200 }).notNull(),
    actionType: varchar('action_type', { length: 20, enum: ACTION_TYPES }).notNull(),
    value: varchar('value', { length: 2048 }).notNull(),
    // show-media actions also keep the media id as a real FK, so a media used by an action answers
    // 409 on delete instead of leaving the action pointing at nothing.
    mediaId: integer('media_id').references(() => media.id, { onDelete: 'restrict' }),
    toneCode: varchar('tone_code', { length: 16 }),
    status: varchar('status', { length: 20, enum: ENTITY_STATUSES }).notNull().default('active'),
    uploadId: integer('upload_id').references(() => bulkUploads.id, { onDelete: 'set null' }),
    uploadItem: text('upload_item'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('manage_actions_upload_item_uq').on(t.uploadId, t.uploadItem),
    // Action names are unique per client whatever their case.
    uniqueIndex('manage_actions_client_name_lower_uq').on(t.clientId, sql`lower(${t.name})`),
    index('manage_actions_client_created_idx').on(t.clientId, t.createdAt),
    index('manage_actions_media_idx').on(t.mediaId),
    index('manage_actions_type_idx').on(t.actionType),
    index('manage_actions_status_idx').on(t.status),
    index('manage_actions_name_idx').on(t.name),
    index('manage_actions_tone_code_idx').on(t.toneCode),
    index('manage_actions_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    check('manage_actions_show_media_ck', sql`(${t.actionType} = 'show-media') = (${t.mediaId} IS NOT NULL)`),
  ],
);
