import { BULK_UPLOAD_MESSAGES, isMediaBulkKind, type MediaKind } from '@console/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { bulkUploads } from '../../db/schema/index.js';
import { detectSheetFormat, SheetError } from '../../lib/bulk/sheet-reader.js';
import { failSheet, failWholeFile, finishUpload, markWholeFailure, refreshCounts, settleStatus } from './ledger.js';
import { loadManifest } from './manifest.js';
import { expandMedia, processMedia } from './media-items.js';
import { reportMissingFiles } from './missing-files.js';
import { importSheet } from './sheet-items.js';
import { fetchToTemp } from './stored-part.js';

export const BULK_UPLOAD_JOB = 'bulk-upload';
export type BulkUploadJob = { uploadId: number };

/**
 * One job per upload row. It may run any number of times (a crash, a kill -9, a retry): every
 * step is idempotent. Media parts: (1) the part is read into the ledger (bulk_upload_items, insert
 * or keep) and `read_complete` set; (2) pending items are processed, each entity insert and its
 * done mark in one transaction; (3) the counts and the status come from the ledger. Sheets go
 * batch by batch with a position instead (sheet-items.ts). Retries are quick and many: a crash
 * is a failure to pg-boss, and resuming is cheap.
 */
export function defineBulkUploadJob(app: FastifyInstance) {
  app.queue.define<BulkUploadJob>({
    name: BULK_UPLOAD_JOB,
    retryLimit: 20,
    retryDelay: 1,
    retryBackoff: false,
    expireInSeconds: 60 * 60,
    handler: (data) => runUpload(app, data.uploadId),
  });
}

export async function runUpload(app: FastifyInstance, uploadId: number) {
  const db = app.db;
  const [upload] = await db.select().from(bulkUploads).where(eq(bulkUploads.id, uploadId));
  if (!upload) return; // removed meanwhile
  // Finished rows wait for a retry, which sets them pending again.
  if (upload.status !== 'pending' && upload.status !== 'processing') return;
  await db
    .update(bulkUploads)
    .set({ status: 'processing', startedAt: sql`coalesce(${bulkUploads.startedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(bulkUploads.id, uploadId));
  // A part refused on receipt (too large) has no file: its reason is already the row's error.
  if (!upload.storageKey) return finishUpload(db, uploadId);
  const part = await fetchToTemp(app, upload.storageKey);
  if (!part) {
    const gone = 'The uploaded file is no longer stored';
    return isMediaBulkKind(upload.kind) ? failMediaPart(app, upload, gone) : failSheet(db, uploadId, gone);
  }
  try {
    if (isMediaBulkKind(upload.kind)) await runMedia(app, upload, part.path);
    else await runSheet(db, upload, part.path);
  } finally {
    await part.cleanup();
  }
}

type Upload = typeof bulkUploads.$inferSelect;

async function runMedia(app: FastifyInstance, upload: Upload, path: string) {
  const db = app.db;
  if (!upload.readComplete) {
    const problem = await expandMedia(app, upload, path);
    if (problem) return failMediaPart(app, upload, problem);
    await db.update(bulkUploads).set({ readComplete: true }).where(eq(bulkUploads.id, upload.id));
    await refreshCounts(db, upload.id);
  }
  let manifest = null;
  if (upload.manifestKey) {
    const loaded = await loadManifest(app, upload.manifestKey, upload.kind as MediaKind);
    if ('error' in loaded) return failWholeFile(db, upload.id, loaded.error);
    manifest = loaded.manifest;
    // Before this part settles: the missing files may become items of this row.
    await reportMissingFiles(db, { id: upload.id, manifestKey: upload.manifestKey }, manifest);
  }
  await processMedia(app, upload, path, manifest);
  await finishUpload(db, upload.id);
}

/**
 * A media part refused whole (not media, an archive refused or unreadable, gone from storage):
 * one failed item. It is read as far as it ever will be, so it may be the request's last part
 * to get there and the one to report the manifest's missing files (before it settles).
 */
async function failMediaPart(app: FastifyInstance, upload: Upload, message: string) {
  await markWholeFailure(app.db, upload.id, message);
  if (upload.manifestKey) {
    const loaded = await loadManifest(app, upload.manifestKey, upload.kind as MediaKind);
    if ('manifest' in loaded) await reportMissingFiles(app.db, { id: upload.id, manifestKey: upload.manifestKey }, loaded.manifest);
  }
  await finishUpload(app.db, upload.id);
}

async function runSheet(db: Db, upload: Upload, path: string) {
  const format = await detectSheetFormat(path);
  if (!format) return failSheet(db, upload.id, BULK_UPLOAD_MESSAGES.wrongSheetType);
  try {
    if (!(await importSheet(db, upload, path, format))) return; // the run ahead settles the row
  } catch (err) {
    if (err instanceof SheetError) return failSheet(db, upload.id, err.message);
    throw err;
  }
  await settleStatus(db, upload.id);
}
