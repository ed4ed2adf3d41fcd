import { BULK_SHEET_MAX_ROWS, BULK_UPLOAD_MESSAGES, type ManageActionSheetRow, manageActionSheetRowSchema } from '@console/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { manageActions, media } from '../../db/schema/index.js';
import { MANAGE_ACTION_MESSAGES } from '../manage-actions/index.js';
import { detectSheetFormat, readSheet, SheetError } from '../../lib/bulk/sheet-reader.js';
import { insertItems, markDone, markFailed, type NewItem, pendingItems, refreshCounts, type Tx } from './ledger.js';

type Upload = { id: number; clientId: number };
type RowDetails = { data?: ManageActionSheetRow; errors?: { column: string; message: string }[] };

/** Rows per batch: one media lookup, one multi-row insert and one ledger update each. */
const SHEET_BATCH = 1000;

/**
 * Reads a manage-actions sheet into the ledger: a valid row is a pending item carrying its
 * parsed values, an invalid one a failed item with its column errors. Answers the reason when
 * the whole file is unusable (not a sheet, bad header, too many rows), else null.
 */
export async function expandSheet(db: Db, upload: Upload, path: string): Promise<string | null> {
  const format = await detectSheetFormat(path);
  if (!format) return BULK_UPLOAD_MESSAGES.wrongSheetType;
  let batch: NewItem[] = [];
  try {
    for await (const row of readSheet(path, { format, schema: manageActionSheetRowSchema, maxRows: BULK_SHEET_MAX_ROWS })) {
      const item = String(row.row);
      batch.push(
        row.ok
          ? { item, position: row.row, status: 'pending', details: { data: row.data } satisfies RowDetails }
          : {
              item,
              position: row.row,
              status: 'failed',
              message: rowMessage(row.errors),
              details: { errors: row.errors } satisfies RowDetails,
            },
      );
      if (batch.length >= SHEET_BATCH) {
        await insertItems(db, upload.id, batch);
        batch = [];
      }
    }
  } catch (err) {
    if (err instanceof SheetError) return err.message;
    // exceljs and csv-parse throw plain errors on a file they cannot read at all.
    return `The sheet could not be read (${(err as Error).message})`;
  }
  await insertItems(db, upload.id, batch);
  return null;
}

const rowMessage = (errors: { column: string; message: string }[]) =>
  errors.map((e) => (e.column ? `${e.column}: ${e.message}` : e.message)).join('; ');

/** Turns every pending item into an action, batch by batch (see processBatch). */
export async function processSheet(db: Db, upload: Upload) {
  let after = 0;
  for (;;) {
    const items = await pendingItems(db, upload.id, after, SHEET_BATCH);
    if (items.length === 0) return;
    after = items.at(-1)?.position ?? after;
    await processBatch(db, upload, items);
    await refreshCounts(db, upload.id);
  }
}

type Pending = { item: string; details: unknown };
type Ready = { item: string; row: ManageActionSheetRow; mediaId: number | null };

async function processBatch(db: Db, upload: Upload, items: Pending[]) {
  const failed: { item: string; message: string }[] = [];
  const ready: Ready[] = [];
  // show-media values must name a media of this client: one query for the whole batch.
  const wanted = items.flatMap((i) => {
    const row = (i.details as RowDetails | null)?.data;
    return row?.actionType === 'show-media' ? [Number(row.value)] : [];
  });
  const known = new Set(
    wanted.length === 0
      ? []
      : (
          await db
            .select({ id: media.id })
            .from(media)
            .where(and(eq(media.clientId, upload.clientId), inArray(media.id, [...new Set(wanted)])))
        ).map((m) => m.id),
  );
  for (const i of items) {
    const details = i.details as RowDetails | null;
    const row = details?.data;
    if (!row) {
      // A row that failed validation and was retried: the file has not changed, nor has the answer.
      failed.push({ item: i.item, message: details?.errors ? rowMessage(details.errors) : 'The row could not be read' });
      continue;
    }
    const mediaId = row.actionType === 'show-media' ? Number(row.value) : null;
    if (mediaId !== null && !known.has(mediaId)) failed.push({ item: i.item, message: `value: ${MANAGE_ACTION_MESSAGES.mediaOfClient}` });
    else ready.push({ item: i.item, row, mediaId });
  }
  try {
    await db.transaction((tx) => insertBatch(tx, upload, ready, failed));
  } catch {
    // One bad row (e.g. its media deleted meanwhile) must not sink the others: row by row.
    for (const r of ready) {
      try {
        await db.transaction((tx) => insertBatch(tx, upload, [r], []));
      } catch (err) {
        await markFailed(db, upload.id, [{ item: r.item, message: `The action could not be saved (${(err as Error).message})` }]);
      }
    }
    await markFailed(db, upload.id, failed);
  }
}

/**
 * The exactly-once step: the actions and their ledger marks in one transaction. ON CONFLICT DO
 * NOTHING skips an item this upload already inserted (a replay) and a name the client already
 * has; the first is done (its action exists), the second fails.
 */
async function insertBatch(tx: Tx, upload: Upload, ready: Ready[], failed: { item: string; message: string }[]) {
  const inserted =
    ready.length === 0
      ? []
      : await tx
          .insert(manageActions)
          .values(
            ready.map((r) => ({
              clientId: upload.clientId,
              name: r.row.name,
              actionType: r.row.actionType,
              value: r.row.value,
              mediaId: r.mediaId,
              toneCode: r.row.toneCode ?? null,
              status: r.row.status,
              uploadId: upload.id,
              uploadItem: r.item,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: manageActions.id, item: manageActions.uploadItem });
  const done = inserted.map((r) => ({ item: r.item as string, entityId: r.id }));
  const got = new Set(done.map((d) => d.item));
  const missing = ready.filter((r) => !got.has(r.item)).map((r) => r.item);
  if (missing.length > 0) {
    const existing = await tx
      .select({ id: manageActions.id, item: manageActions.uploadItem })
      .from(manageActions)
      .where(and(eq(manageActions.uploadId, upload.id), inArray(manageActions.uploadItem, missing)));
    for (const e of existing) {
      done.push({ item: e.item as string, entityId: e.id });
      got.add(e.item as string);
    }
    for (const item of missing) if (!got.has(item)) failed.push({ item, message: `name: ${MANAGE_ACTION_MESSAGES.nameTaken}` });
  }
  await markDone(tx, upload.id, done);
  await markFailed(tx, upload.id, failed);
}
