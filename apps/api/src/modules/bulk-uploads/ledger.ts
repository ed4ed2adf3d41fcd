import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx as Tx } from '../../db/client.js';
export type { Tx };
import { bulkUploadItems, bulkUploads } from '../../db/schema/index.js';

/** A transaction handle or the database itself. */

export type NewItem = {
  item: string;
  position: number;
  status: 'pending' | 'failed';
  message?: string | null;
  details?: unknown;
};

const INSERT_BATCH = 1000;

/**
 * Writes items into the ledger; an item already there (a replay after a crash) is left as it is,
 * so a done item stays done. Batched: one multi-row insert per 1000 items.
 */
export async function insertItems(db: Tx, uploadId: number, items: NewItem[]) {
  for (let i = 0; i < items.length; i += INSERT_BATCH) {
    const batch = items.slice(i, i + INSERT_BATCH);
    await db
      .insert(bulkUploadItems)
      .values(
        batch.map((it) => ({
          uploadId,
          item: it.item,
          position: it.position,
          status: it.status,
          message: it.message ?? null,
          details: it.details ?? null,
        })),
      )
      .onConflictDoNothing({ target: [bulkUploadItems.uploadId, bulkUploadItems.item] });
  }
}

/** The rows of a `(values ...)` list, one per item, for an update of many items in one statement. */
const valueRows = <T>(items: T[], row: (item: T) => SQL) => sql.join(items.map(row), sql`, `);

/** Marks items done with their entity (inside the transaction that inserted the entities). */
export async function markDone(tx: Tx, uploadId: number, done: { item: string; entityId: number }[]) {
  if (done.length === 0) return;
  const values = valueRows(done, (d) => sql`(${d.item}::text, ${d.entityId}::int)`);
  await tx.execute(sql`
    update ${bulkUploadItems} as i set status = 'done', entity_id = v.entity_id, message = null, details = null,
      attempts = i.attempts + 1, updated_at = now()
    from (values ${values}) as v(item, entity_id)
    where i.upload_id = ${uploadId} and i.item = v.item`);
}

/**
 * Marks pending items failed. `final`: the item itself is wrong (its content, its manifest row), so
 * a retry would fail it the same way and leaves it failed (see isFinal).
 */
export async function markFailed(tx: Tx, uploadId: number, failed: { item: string; message: string; final?: boolean }[]) {
  if (failed.length === 0) return;
  const values = valueRows(failed, (f) => sql`(${f.item}::text, ${f.message}::text, ${f.final === true}::boolean)`);
  await tx.execute(sql`
    update ${bulkUploadItems} as i set status = 'failed', message = v.message, attempts = i.attempts + 1, updated_at = now(),
      details = case when v.final then coalesce(i.details, '{}'::jsonb) || ${JSON.stringify(FINAL)}::jsonb else i.details end
    from (values ${values}) as v(item, message, final)
    where i.upload_id = ${uploadId} and i.item = v.item and i.status = 'pending'`);
}

/**
 * Counts done and failed from the ledger onto the upload row (progress while the job runs). A
 * whole-file failure (`error`) counts as one failed item besides the items read before it, so a
 * refused part reads "total 1, failed 1", as the errors it lists (the file first, then its items).
 */
export async function refreshCounts(db: Tx, uploadId: number) {
  await db.execute(sql`
    update ${bulkUploads} set
      total = c.total + (error is not null)::int, done = c.done, failed = c.failed + (error is not null)::int, updated_at = now()
    from (select count(*)::int as total,
                 count(*) filter (where status = 'done')::int as done,
                 count(*) filter (where status = 'failed')::int as failed
          from ${bulkUploadItems} where upload_id = ${uploadId}) as c
    where ${bulkUploads.id} = ${uploadId}`);
}

/**
 * The final status from the counts: completed (nothing failed), failed (nothing done, nothing
 * at all, or the whole file unusable: `error`), or partially-failed.
 */
export async function settleStatus(db: Tx, uploadId: number) {
  await db.execute(sql`
    update ${bulkUploads} set
      status = case when error is not null or (failed > 0 and done = 0) or total = 0 then 'failed'
                    when failed > 0 then 'partially-failed' else 'completed' end,
      finished_at = now(), updated_at = now()
    where id = ${uploadId}`);
}

/** Counts from the ledger, then the final status (media uploads: every item is in the ledger). */
export async function finishUpload(db: Tx, uploadId: number) {
  await refreshCounts(db, uploadId);
  await settleStatus(db, uploadId);
}

/**
 * The whole file is unusable: its pending items go and the row keeps the reason; the caller then
 * settles it (finishUpload). `read_complete` is cleared so that a retry reads the part again:
 * items already in the ledger stay as they are, the deleted pending ones come back.
 */
export async function markWholeFailure(db: Db, uploadId: number, message: string, { final = false }: WholeFailure = {}) {
  await db.transaction(async (tx) => {
    await tx.delete(bulkUploadItems).where(and(eq(bulkUploadItems.uploadId, uploadId), eq(bulkUploadItems.status, 'pending')));
    await tx.update(bulkUploads).set({ error: message, errorFinal: final, readComplete: false }).where(eq(bulkUploads.id, uploadId));
  });
}

/**
 * `final`: the file is wrong in itself (not a sheet, a header without a required column, not
 * media): the stored part never changes, so reading it again would fail the same way, and a
 * retry is refused unless other items may go through (bulk-uploads.service.ts retry).
 */
export type WholeFailure = { final?: boolean };

/** The whole file is unusable: its pending items go, the row fails with the reason (one failed item). */
export async function failWholeFile(db: Db, uploadId: number, message: string, failure: WholeFailure = {}) {
  await markWholeFailure(db, uploadId, message, failure);
  await finishUpload(db, uploadId);
}

/**
 * A sheet that is unusable, or stopped being readable part way: the row fails with the reason and
 * keeps the counts of what was settled before (a sheet's done rows are not in the ledger); rows
 * a retry had set pending fail again with their earlier message.
 */
export async function failSheet(db: Db, uploadId: number, message: string, { final = false }: WholeFailure = {}) {
  await db.transaction(async (tx) => {
    await tx
      .update(bulkUploadItems)
      .set({ status: 'failed', updatedAt: sql`now()` })
      .where(and(eq(bulkUploadItems.uploadId, uploadId), eq(bulkUploadItems.status, 'pending')));
    // The unusable file is one failed item besides the rows settled before (a retry takes it off again).
    await tx.execute(sql`
      update ${bulkUploads} set error = ${message}, error_final = ${final},
        failed = 1 + case when read_complete then (select count(*)::int from ${bulkUploadItems} where upload_id = ${uploadId} and status = 'failed') else failed end,
        total = 1 + case when read_complete then total else done + failed end
      where id = ${uploadId}`);
    await settleStatus(tx, uploadId);
  });
}

/** Pending items after `position`, in order, at most `limit`. */
export function pendingItems(db: Tx, uploadId: number, after: number, limit: number) {
  return db
    .select({ item: bulkUploadItems.item, position: bulkUploadItems.position, details: bulkUploadItems.details })
    .from(bulkUploadItems)
    .where(and(eq(bulkUploadItems.uploadId, uploadId), eq(bulkUploadItems.status, 'pending'), sql`${bulkUploadItems.position} > ${after}`))
    .orderBy(bulkUploadItems.position)
    .limit(limit);
}

/**
 * Marks a ledger item that no run can redo: a file the manifest names but the request lacks
 * (missing-files.ts). A retry leaves it failed.
 */
export const NOT_IN_UPLOAD = { notInUpload: true } as const;

/** The details of a failed item that is wrong in itself: a refused file or archive entry, a bad manifest row. */
export const FINAL = { final: true } as const;

/**
 * A failure no retry can undo, because the stored part never changes: the item is wrong in itself
 * (FINAL; a sheet row its schema refused, whose details hold the errors) or was never sent
 * (NOT_IN_UPLOAD). What a retry can mend is what depends on other rows: a name or tone code
 * taken, a client or media item that was missing or of the wrong type.
 */
// coalesce: with no details each test is null, and `not null` would pass over the item.
const isFinal = sql`coalesce(${bulkUploadItems.details}->>'final' = 'true' or ${bulkUploadItems.details}->>'notInUpload' = 'true'
  or ${bulkUploadItems.details}->'errors' is not null, false)`;

/** Whether a retry of the upload could change anything: a failed item that is not final. */
export async function hasRetryableItems(db: Tx, uploadId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: bulkUploadItems.id })
    .from(bulkUploadItems)
    .where(and(eq(bulkUploadItems.uploadId, uploadId), eq(bulkUploadItems.status, 'failed'), sql`not ${isFinal}`))
    .limit(1);
  return row !== undefined;
}

/** Retry: the failed items become pending again (except final ones); answers how many. */
export async function requeueFailed(db: Tx, uploadId: number): Promise<number> {
  const rows = await db
    .update(bulkUploadItems)
    .set({ status: 'pending', updatedAt: sql`now()` })
    .where(and(eq(bulkUploadItems.uploadId, uploadId), eq(bulkUploadItems.status, 'failed'), sql`not ${isFinal}`))
    .returning({ id: bulkUploadItems.id });
  return rows.length;
}
