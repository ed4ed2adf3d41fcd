import { RESOURCE_INDEX } from '../registry/resource-index.js';
import { z } from 'zod';
import { dateBoundField, idField, timeZoneField } from '../common/fields.js';
import { defineResource, EXPORT_COLUMNS } from '../common/resource.js';

/**
 * Change history (issue 18): every create, edit, delete, row toggle and revert of a resource, from
 * the audit log's before and after, as a field-by-field diff. Secret fields (password hashes, API
 * keys, tokens) never appear: the audit log does not keep them, and the API drops them again on read.
 */

/** One field of a change: its value before and after (null where the row did not exist). */
export const historyFieldChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type HistoryFieldChange = z.infer<typeof historyFieldChangeSchema>;

/** What a change did: 'create', 'update', 'delete', 'revert', or a row toggle's name ('update-status'). */
export const changeHistoryEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  /** The audit entity ('client', 'company'...), and the resource it belongs to (null: not a resource). */
  entity: z.string(),
  resource: z.string().nullable(),
  entityId: z.string().nullable(),
  actorId: z.number().int().nullable(),
  /** 'Ada Lovelace (ada@example.com)'; null when the account was deleted or nobody signed in did it. */
  actorName: z.string().nullable(),
  createdAt: z.string(),
  changes: z.array(historyFieldChangeSchema),
  /** The change a revert put back. */
  revertOf: z.number().int().nullable(),
});
export type ChangeHistoryEntry = z.infer<typeof changeHistoryEntrySchema>;

/** Filters of GET /change-history and its export (plus the list query). */
export const changeHistoryFilters = {
  actorId: idField().optional(),
  /** A resource name ('clients'). */
  resource: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(50).optional()),
  entityId: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(100).optional()),
  from: dateBoundField,
  to: dateBoundField,
  /** Whose days a date-only `from`/`to` means (the browser's zone, as the list shows times); UTC without it. */
  timeZone: timeZoneField,
};

/**
 * GET /change-history (every resource's changes, newest first; filters who, resource, row, date
 * range) and its exports. A row's own history is GET /{resource}/{id}/history, read with that
 * resource's view key.
 */
export const changeHistoryResource = defineResource({
  ...RESOURCE_INDEX['change-history'],
  schemas: { row: changeHistoryEntrySchema, create: z.object({}) },
  list: {
    sortFields: ['id', 'createdAt', 'action', 'entity', 'actorName'],
    search: ['entityId', 'action', 'entity'],
    filters: changeHistoryFilters,
    exportColumns: [
      { key: 'createdAt', header: 'Time', type: 'date' },
      { key: 'actorName', header: 'Who', width: 1.6 },
      { key: 'action', header: 'Action', width: 0.8 },
      { key: 'entity', header: 'Resource', width: 0.8 },
      { key: 'entityId', header: 'Row', width: 0.5 },
      // The API writes each change as "field: old -> new", one per line.
      { key: 'changes', header: 'Changes', width: 3 },
      EXPORT_COLUMNS.id,
    ],
  },
});

/** GET /{resource}/{id}/history: the row's newest changes (at most `limit`, default 50). */
export const rowHistoryQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
export const rowHistoryResponseSchema = z.object({ data: z.array(changeHistoryEntrySchema), hasMore: z.boolean() });
export type RowHistoryResponse = z.infer<typeof rowHistoryResponseSchema>;

/** POST /{resource}/{id}/history/{historyId}/revert: the revert's own history entry. */
export const revertParamSchema = z.object({ id: idField(), historyId: idField() });
export const revertResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.object({ historyId: z.number().int(), id: z.number().int() }),
});
export type RevertResponse = z.infer<typeof revertResponseSchema>;

export const HISTORY_MESSAGES = {
  reverted: 'Change reverted',
  restored: 'Row restored',
  removed: 'Row removed: its creation is reverted',
  notFound: 'No such change for this row',
  /** 409: the row moved on; fieldErrors name each field with its value now. */
  movedOn: 'The row has changed since. Revert the later changes first, or edit it by hand.',
  changedSince: (now: string) => `Changed since; now ${now}`,
  gone: 'The row has been deleted since. Revert its deletion first.',
  exists: 'The row exists again. There is nothing to restore.',
  nothingToRevert: 'Nothing in this change can be put back (a password, a key or a file is never kept).',
  notRevertible: 'This kind of change cannot be reverted.',
} as const;
