import { type ChangeHistoryEntry, type HistoryFieldChange, RESOURCES } from '@console/contract';
import { and, desc, eq, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';
import { SECRET_FIELDS, scrub } from '../secret-fields.js';

/**
 * The change history is the audit log's rows that changed something (issue 18): every create,
 * edit, delete, row toggle, grant and revert. Denials and exports change nothing.
 */
const NOT_CHANGES = ['permission-denied', 'export'];
export const isChange = notInArray(auditLog.action, NOT_CHANGES);

/** Bookkeeping every write changes: left out of a diff. */
const BOOKKEEPING = new Set(['id', 'createdAt', 'updatedAt']);

/** The registry resource of an audit entity ('client' -> 'clients'). */
const RESOURCE_OF_ENTITY = new Map<string, string>(Object.values(RESOURCES).map((r) => [r.entity, r.name]));

/** JSON with sorted keys: jsonb gives an object's keys back in its own order, a row read now in the declaration's. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
export const sameValue = (a: unknown, b: unknown) => canonical(a) === canonical(b);

const isJoinedRow = (v: unknown) => Boolean(v && typeof v === 'object' && !Array.isArray(v) && 'id' in v);

const asRecord = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

/**
 * Field by field, what a change did: every field that differs between before and after (all of
 * them for a create or a delete), without bookkeeping and without secrets (dropped again here,
 * whatever an old row holds).
 */
export function diffFields(before: unknown, after: unknown): HistoryFieldChange[] {
  const b = asRecord(scrub(before));
  const a = asRecord(scrub(after));
  const fields = new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})]);
  const out: HistoryFieldChange[] = [];
  for (const field of fields) {
    if (BOOKKEEPING.has(field) || SECRET_FIELDS.has(field)) continue;
    // A joined row shown beside its id (`company: {id, name}` next to `companyId`) says nothing new.
    if (`${field}Id` in (a ?? b ?? {}) && isJoinedRow(a?.[field] ?? b?.[field])) continue;
    const old = b?.[field] ?? null;
    const now = a?.[field] ?? null;
    if (b && a && sameValue(old, now)) continue;
    // A note only the after side carries (users' `passwordChanged: false`) is a change only when set.
    if (b && a && !(field in b) && (now === false || now === null)) continue;
    out.push({ field, before: old, after: now });
  }
  return out;
}

/** The columns of a history entry (the audit row and who did it). */
export const historyFields = {
  id: auditLog.id,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  actorId: auditLog.actorId,
  actorName: sql<
    string | null
  >`case when ${users.id} is null then null else trim(${users.firstname} || ' ' || ${users.lastname}) || ' (' || ${users.email} || ')' end`,
  before: auditLog.before,
  after: auditLog.after,
  revertOf: auditLog.revertOf,
  createdAt: auditLog.createdAt,
};
export type HistoryRow = {
  id: number;
  action: string;
  entity: string;
  entityId: string | null;
  actorId: number | null;
  actorName: string | null;
  before: unknown;
  after: unknown;
  revertOf: number | null;
  createdAt: Date;
};

export const toHistoryEntry = (r: HistoryRow): ChangeHistoryEntry => ({
  id: r.id,
  action: r.action,
  entity: r.entity,
  resource: RESOURCE_OF_ENTITY.get(r.entity) ?? null,
  entityId: r.entityId,
  actorId: r.actorId,
  actorName: r.actorName,
  createdAt: r.createdAt.toISOString(),
  changes: diffFields(r.before, r.after),
  revertOf: r.revertOf,
});

const select = (db: Db, where: SQL | undefined) =>
  db.select(historyFields).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorId)).where(where);

/** A row's newest changes (its entity and id), at most `limit`, and whether there are more. */
export async function rowHistory(db: Db, entity: string, id: number, limit: number) {
  const rows = (await select(db, and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id)), isChange))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1)) as HistoryRow[];
  return { data: rows.slice(0, limit).map(toHistoryEntry), hasMore: rows.length > limit };
}

/** One change of a row (undefined: not a change of that row). */
export async function findChange(db: Db, entity: string, id: number, historyId: number): Promise<HistoryRow | undefined> {
  const [row] = (await select(
    db,
    and(eq(auditLog.id, historyId), eq(auditLog.entity, entity), eq(auditLog.entityId, String(id)), isChange),
  )) as HistoryRow[];
  return row;
}
