import { changeHistoryResource, type HistoryFieldChange, RESOURCES, type ResourceName } from '@console/contract';
import { eq, sql } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { dateRangeFilters } from '../../lib/date-range.js';
import { type HistoryRow, historyFields, isChange, toHistoryEntry } from '../../lib/history/entries.js';
import { defineList, type Filter } from '../../lib/list-query.js';
import { listFrom, sortFieldsOf } from '../../lib/resource/index.js';

/**
 * GET /change-history and its export: every resource's changes (the audit log's rows that changed
 * something), newest first, with who made each; one definition, so the file holds the list's rows.
 */
export const changeHistoryList = defineList({
  fields: historyFields,
  from: listFrom(auditLog, ['left', users, eq(users.id, auditLog.actorId)]),
  id: auditLog.id,
  sortFields: sortFieldsOf(historyFields, changeHistoryResource.list.sortFields, {
    actorName: { expr: sql`${users.firstname} || ' ' || ${users.lastname}`, nullable: true, joined: true },
  }),
  defaultSort: { field: 'createdAt', order: 'desc' },
  search: [auditLog.entityId, auditLog.action, auditLog.entity],
  toDto: (r) => toHistoryEntry(r as HistoryRow),
});

type HistoryQuery = { actorId?: number; resource?: string; entityId?: string; from?: string; to?: string; timeZone?: string };

/** The list's filters: who, which resource (by its registry name), which row, and a date range. */
export function changeHistoryFilters(q: HistoryQuery): Filter[] {
  let entity: string | undefined;
  if (q.resource) {
    const resource = RESOURCES[q.resource as ResourceName];
    if (!resource)
      throw new AppError('VALIDATION', 'Unknown resource', { resource: `Choose one of: ${Object.keys(RESOURCES).join(', ')}` });
    entity = resource.entity;
  }
  return [
    isChange,
    q.actorId ? eq(auditLog.actorId, q.actorId) : undefined,
    entity ? eq(auditLog.entity, entity) : undefined,
    q.entityId ? eq(auditLog.entityId, q.entityId) : undefined,
    ...dateRangeFilters(auditLog.createdAt, q.from, q.to, q.timeZone),
  ];
}

const showValue = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The export writes each change as "field: old -> new", one per line. */
export const CHANGE_HISTORY_EXPORT_FORMATS = {
  changes: (v: unknown) =>
    Array.isArray(v)
      ? (v as HistoryFieldChange[]).map((c) => `${c.field}: ${showValue(c.before)} -> ${showValue(c.after)}`).join('\n')
      : null,
};
