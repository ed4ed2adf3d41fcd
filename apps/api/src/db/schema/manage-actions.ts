import { ACTION_TYPES } from '@console/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { uploadSource } from './bulk-uploads.js';
import { clients } from './clients.js';
import { entityStatus, identityId, requiredRef, timestamps, trigramIndex, uniqueIgnoringCase } from './columns.js';
import { media } from './media.js';

/** What a tone code makes the phone do (DESIGN s.4b manage-actions). */
export const manageActions = pgTable(
  'manage_actions',
  {
    id: identityId(),
    // RESTRICT: a client with actions answers 409 on delete.
    clientId: requiredRef('client_id', () => clients.id, 'restrict'),
    name: varchar('name', { length: 200 }).notNull(),
    actionType: varchar('action_type', { length: 20, enum: ACTION_TYPES }).notNull(),
    value: varchar('value', { length: 2048 }).notNull(),
    // show-media actions also keep the media id as a real FK, so a media used by an action answers
    // 409 on delete instead of leaving the action pointing at nothing.
    mediaId: integer('media_id').references(() => media.id, { onDelete: 'restrict' }),
    toneCode: varchar('tone_code', { length: 16 }),
    status: entityStatus(),
    ...uploadSource(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('manage_actions_upload_item_uq').on(t.uploadId, t.uploadItem),
    // Action names are unique per client whatever their case.
    uniqueIgnoringCase('manage_actions_client_name_lower_uq', t.name, t.clientId),
    index('manage_actions_client_created_idx').on(t.clientId, t.createdAt),
    index('manage_actions_media_idx').on(t.mediaId),
    index('manage_actions_type_idx').on(t.actionType),
    index('manage_actions_status_idx').on(t.status),
    index('manage_actions_name_idx').on(t.name),
    index('manage_actions_tone_code_idx').on(t.toneCode),
    trigramIndex('manage_actions_name_trgm_idx', t.name),
    check('manage_actions_show_media_ck', sql`(${t.actionType} = 'show-media') = (${t.mediaId} IS NOT NULL)`),
  ],
);
