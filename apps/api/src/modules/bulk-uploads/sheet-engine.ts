import { BULK_SHEET_MAX_ROWS, BULK_UPLOAD_MESSAGES } from '@console/contract';
import { channel } from 'node:diagnostics_channel';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { bulkUploadItems, bulkUploads } from '../../db/schema/index.js';
import {
  countSheetRows,
  detectSheetFormat,
  readSheetBatches,
  rowErrorText,
  SheetError,
  type SheetFormat,
  type SheetRow,
} from '../../lib/bulk/sheet-reader.js';
import type { BulkImporter } from './importer.js';
import { FINAL, failSheet, markDone, markFailed, settleStatus, type Tx } from './ledger.js';
import { insertReady, recordFailures, withFallbacks } from './sheet-batch.js';
import type { Failure, ReadyRow, SheetKind, SheetUpload, ValidRow } from './sheet-kind.js';

/**
 * A sheet, imported exactly once at about two thirds of the speed of COPY FROM (the bench), whatever
 * its kind brings (sheet-kind.ts: the row schema, a fast path for plainly valid rows, the SQL of its entities).
 *
 * The sheet in storage never changes, so it is its own list of items (row numbers): a valid row
 * needs no ledger entry. Its entity carries (upload_id, upload_item = row), unique, and that row
 * is the record that it is done. Only failed rows go into the ledger (bulk_upload_items), for
 * the error list, the error CSV and retry.
 *
 * First pass: rows are read in batches (SHEET_BATCH, doubling up to SHEET_BATCH_MAX); each batch is one transaction that inserts
 * its entities, writes its failed rows and moves the upload's `read_position` from where this run
 * found it to the batch's last row. A crash loses at most the batch in flight, which the next run
 * (after a restart) reads again from `read_position`; a run that finds the position moved by
 * another is stale and stops. When the sheet is read through, `total` is exact and `read_complete` set.
 *
 * Retry pass (read_complete): the failed rows were set pending by the retry; only those rows
 * are read again and either become entities (ledger: done) or fail again.
 */
export function sheetImporter<S extends z.ZodObject, T extends ReadyRow>(kind: SheetKind<S, T>): BulkImporter {
  return {
    async run({ db }, upload, path) {
      const format = await detectSheetFormat(path);
      // Not a sheet, or one whose header, size or content cannot be used: the file's own fault (final).
      if (!format) return failSheet(db, upload.id, BULK_UPLOAD_MESSAGES.wrongSheetType, FINAL);
      try {
        if (!(await importSheet(kind, db, upload, path, format))) return; // the run ahead settles the row
      } catch (err) {
        if (err instanceof SheetError) return failSheet(db, upload.id, err.message, FINAL);
        throw err;
      }
      await settleStatus(db, upload.id);
    },
    refuse: ({ db }, upload, message) => failSheet(db, upload.id, message),
  };
}

/**
 * Rows per transaction (one lookup, one insert, one ledger write and the position each). The
 * first pass starts at SHEET_BATCH, so progress shows at once and a crash early loses little, and
 * doubles up to SHEET_BATCH_MAX: each transaction has a fixed cost (the bench: 20 batches of 1000
 * took ~7 % longer than 6 growing ones). The retry pass keeps to SHEET_BATCH. At most
 * SHEET_BATCH_MAX rows and their insert text are held at once (a few MB for a typical sheet).
 */
const SHEET_BATCH = 1000;
const SHEET_BATCH_MAX = 4000;

/** Another run of the same upload moved on meanwhile: this one stops without writing. */
class StaleRun extends Error {}

type Run<S extends z.ZodObject, T extends ReadyRow> = {
  kind: SheetKind<S, T>;
  db: Db;
  upload: SheetUpload;
  path: string;
  format: SheetFormat;
};

/**
 * Runs the pass the upload is at; answers false when another run of the same upload turned out
 * to be ahead (this one wrote nothing and must leave the row to it). A file that cannot be used
 * (or stops being readable part way) throws SheetError; what was settled before it stays settled.
 */
async function importSheet<S extends z.ZodObject, T extends ReadyRow>(
  kind: SheetKind<S, T>,
  db: Db,
  upload: SheetUpload,
  path: string,
  format: SheetFormat,
): Promise<boolean> {
  const run = { kind, db, upload, path, format };
  try {
    if (upload.readComplete) await retryPass(run);
    else await firstPass(run);
    return true;
  } catch (err) {
    if (err instanceof StaleRun) return false;
    throw err;
  }
}

async function firstPass<S extends z.ZodObject, T extends ReadyRow>(run: Run<S, T>) {
  const { db, upload } = run;
  let position = upload.readPosition;
  if (position === 0) {
    // Refused before a row is written, and the progress bar's total. (Also checked while reading.)
    const rows = await countSheetRows(run.path, run.format);
    if (rows > BULK_SHEET_MAX_ROWS) throw new SheetError(`The sheet has more than ${BULK_SHEET_MAX_ROWS} rows`);
    if (rows === 0) throw new SheetError(BULK_UPLOAD_MESSAGES.emptySheet);
    await db.update(bulkUploads).set({ total: rows }).where(eq(bulkUploads.id, upload.id));
  }
  for await (const batch of batches(run, position, SHEET_BATCH_MAX)) {
    const last = batch.at(-1)?.row ?? position;
    await settleBatch(run, batch, position, last);
    position = last;
  }
  await db
    .update(bulkUploads)
    .set({ total: sql`${bulkUploads.done} + ${bulkUploads.failed}`, readComplete: true, updatedAt: sql`now()` })
    .where(eq(bulkUploads.id, upload.id));
}

/**
 * The sheet's rows in batches of SHEET_BATCH, doubling up to `max`; the next rows are read while
 * the caller writes the last batch (on PostgreSQL they overlap).
 */
async function* batches<S extends z.ZodObject, T extends ReadyRow>(
  run: Run<S, T>,
  after: number,
  max: number,
): AsyncGenerator<SheetRow<z.infer<S>>[]> {
  const opts = {
    format: run.format,
    schema: run.kind.schema,
    quick: run.kind.quickParse,
    maxRows: BULK_SHEET_MAX_ROWS,
    after,
    mapping: run.upload.mapping,
  };
  const source = readSheetBatches(run.path, opts, SHEET_BATCH);
  let next = source.next();
  let size = SHEET_BATCH;
  let batch: SheetRow<z.infer<S>>[] = [];
  try {
    for (;;) {
      const current = await next;
      if (current.done) break;
      next = source.next();
      next.catch(() => undefined); // surfaces at the await above; not unhandled if the caller stops first
      batch = batch.length === 0 ? current.value : batch.concat(current.value);
      if (batch.length >= size) {
        yield batch;
        batch = [];
        size = Math.min(size * 2, max);
      }
    }
  } finally {
    await source.return(undefined);
  }
  if (batch.length > 0) yield batch;
}

const judge = <S extends z.ZodObject, T extends ReadyRow>(run: Run<S, T>, rows: SheetRow<z.infer<S>>[]) =>
  judgeRows(run.kind, run.db, run.upload, rows);

/**
 * Splits a batch into rows ready to insert and failures: the schema's verdict, then the kind's
 * checks. The import and its preview (sheet-preview.ts) both judge rows here.
 */
export async function judgeRows<S extends z.ZodObject, T extends ReadyRow>(
  kind: Pick<SheetKind<S, T>, 'check'>,
  db: Db,
  upload: SheetUpload,
  rows: SheetRow<z.infer<S>>[],
) {
  const valid: ValidRow<z.infer<S>>[] = [];
  const invalid: Failure[] = [];
  for (const r of rows) {
    const item = String(r.row);
    if (r.ok) valid.push({ item, position: r.row, data: r.data });
    else invalid.push({ item, position: r.row, message: rowErrorText(r.errors), details: { errors: r.errors } });
  }
  const checked = valid.length === 0 ? { ready: [], failed: [] } : await kind.check(db, upload, valid);
  return { ready: checked.ready, failed: [...invalid, ...checked.failed] };
}

/**
 * One first-pass batch, all or nothing: insert, record failures, then move the position on from
 * where this run found it, with the counts. Zero rows moved means another run got there first
 * (its row lock made this one wait): the transaction is rolled back.
 */
async function settleBatch<S extends z.ZodObject, T extends ReadyRow>(
  run: Run<S, T>,
  rows: SheetRow<z.infer<S>>[],
  from: number,
  to: number,
) {
  const { upload } = run;
  const { ready, failed } = await judge(run, rows);
  await withFallbacks((mode) =>
    run.db.transaction(async (tx) => {
      const outcome = await insertReady(run.kind, tx, upload, ready, mode);
      const allFailed = [...failed, ...outcome.failed];
      await recordFailures(tx, upload.id, allFailed);
      const moved = await tx
        .update(bulkUploads)
        .set({
          readPosition: to,
          done: sql`${bulkUploads.done} + ${outcome.done.length}`,
          failed: sql`${bulkUploads.failed} + ${allFailed.length}`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(bulkUploads.id, upload.id), eq(bulkUploads.readPosition, from)))
        .returning({ id: bulkUploads.id });
      if (moved.length === 0) throw new StaleRun();
    }),
  );
}

/** Where bulk-retry-crash.test.ts kills the server: after a retry batch committed (no subscriber in production). */
const uploadSteps = channel('console:bulk-upload:steps');

/** The failed rows a retry set pending, read again from the sheet; done rows are never redone. */
async function retryPass<S extends z.ZodObject, T extends ReadyRow>(run: Run<S, T>) {
  const { db, upload, kind } = run;
  const pending = new Set(
    (
      await db
        .select({ item: bulkUploadItems.item })
        .from(bulkUploadItems)
        .where(and(eq(bulkUploadItems.uploadId, upload.id), eq(bulkUploadItems.status, 'pending')))
    ).map((i) => i.item),
  );
  if (pending.size > 0) {
    for await (const batch of batches(run, 0, SHEET_BATCH)) {
      const mine = batch.filter((r) => pending.delete(String(r.row)));
      if (mine.length === 0) continue;
      const { ready, failed } = await judge(run, mine);
      await withFallbacks((mode) =>
        db.transaction(async (tx) => {
          const outcome = await insertReady(kind, tx, upload, ready, mode);
          await markRowsDone(kind, tx, upload.id, outcome.done);
          await markFailed(tx, upload.id, [...failed, ...outcome.failed]);
        }),
      );
      uploadSteps.publish({ step: 'retry-batch' });
    }
    const gone = [...pending].map((item) => ({ item, message: 'The row is no longer in the sheet' }));
    await markFailed(db, upload.id, gone);
  }
  // Every row of the sheet is done or failed: the ledger's failed rows are the failures.
  await db.execute(sql`
    update ${bulkUploads} set
      failed = f.n, done = greatest(0, ${bulkUploads.total} - f.n), updated_at = now()
    from (select count(*)::int as n from ${bulkUploadItems} where upload_id = ${upload.id} and status <> 'done') as f
    where ${bulkUploads.id} = ${upload.id}`);
}

/** Ledger rows done, each with the id of its entity. */
async function markRowsDone<S extends z.ZodObject, T extends ReadyRow>(kind: SheetKind<S, T>, tx: Tx, uploadId: number, items: string[]) {
  if (items.length === 0) return;
  await markDone(tx, uploadId, await kind.inserted(tx, uploadId, items));
}
