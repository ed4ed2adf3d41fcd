import type { z } from 'zod';
import { sql } from 'drizzle-orm';
import { bulkUploadItems } from '../../db/schema/index.js';
import { pgCode, UNIQUE_VIOLATION } from '../../lib/pg-errors.js';
import type { Tx } from './ledger.js';
import type { Failure, ReadyRow, SheetKind, SheetUpload } from './sheet-kind.js';

/**
 * How a batch is written: 'plain' first (a plain INSERT is ~20 % cheaper than one with ON
 * CONFLICT, and most sheets clash with nothing); on a unique violation the batch is written again
 * skipping the clashing rows; on any other refusal by a constraint the checks could not foresee
 * (a referenced row deleted meanwhile), row by row in savepoints, so one bad row cannot sink the others.
 */
type Mode = 'plain' | 'skip-conflicts' | 'row-by-row';

export async function withFallbacks(write: (mode: Mode) => Promise<void>, mode: Mode = 'plain'): Promise<void> {
  try {
    await write(mode);
  } catch (err) {
    const code = pgCode(err);
    if (!code?.startsWith('23') || mode === 'row-by-row') throw err;
    await withFallbacks(write, code === UNIQUE_VIOLATION && mode === 'plain' ? 'skip-conflicts' : 'row-by-row');
  }
}

type Outcome = { done: string[]; failed: Failure[] };

/**
 * Inserts the ready rows' entities as `mode` says. When fewer went in than were sent (rows skipped
 * by ON CONFLICT), each missing row is either done already (this upload inserted it before: a
 * replay) or clashes with an entity the client already has, or had earlier in the sheet (it fails).
 */
export async function insertReady<S extends z.ZodObject, T extends ReadyRow>(
  kind: SheetKind<S, T>,
  tx: Tx,
  upload: SheetUpload,
  ready: T[],
  mode: Mode,
): Promise<Outcome> {
  const outcome: Outcome = { done: [], failed: [] };
  if (ready.length === 0) return outcome;
  let unsure = ready;
  if (mode === 'row-by-row') {
    unsure = [];
    for (const r of ready) {
      try {
        const n = await tx.transaction((sp) => kind.insert(sp, upload, [r], true));
        if (n === 1) outcome.done.push(r.item);
        else unsure.push(r);
      } catch (err) {
        outcome.failed.push({ item: r.item, position: r.position, message: kind.refusedMessage(err) });
      }
    }
  } else if ((await kind.insert(tx, upload, ready, mode === 'skip-conflicts')) === ready.length) {
    outcome.done.push(...ready.map((r) => r.item));
    return outcome;
  }
  if (unsure.length === 0) return outcome;
  const present = new Set(
    (
      await kind.inserted(
        tx,
        upload.id,
        unsure.map((r) => r.item),
      )
    ).map((e) => e.item),
  );
  for (const r of unsure) {
    if (present.has(r.item)) outcome.done.push(r.item);
    else outcome.failed.push({ item: r.item, position: r.position, message: kind.conflictMessage });
  }
  return outcome;
}

/** Failed rows into the ledger (a row already there, from a cut-off run, is kept as it is). */
export async function recordFailures(tx: Tx, uploadId: number, failed: Failure[]) {
  if (failed.length === 0) return;
  const col = <V>(pick: (f: Failure) => V) => sql.param(failed.map(pick));
  await tx.execute(sql`
    insert into ${bulkUploadItems} (upload_id, item, position, status, message, details, attempts)
    select ${uploadId}::int, v.item, v.position, 'failed', v.message, v.details::jsonb, 1 from unnest(
      ${col((f) => f.item)}::text[], ${col((f) => f.position)}::int[], ${col((f) => f.message)}::text[],
      ${col((f) => (f.details === undefined ? null : JSON.stringify(f.details)))}::text[]
    ) as v(item, position, message, details)
    on conflict (upload_id, item) do nothing`);
}

/** Rows a statement wrote: node-postgres says rowCount, PGlite affectedRows. */
export const affected = (result: unknown) => {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
};
