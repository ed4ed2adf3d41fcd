import { isMediaBulkKind, type MediaKind } from '@console/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bulkUploads } from '../../db/schema/index.js';
import { failWholeFile, finishUpload, refreshCounts } from './ledger.js';
import { loadManifest } from './manifest.js';
import { expandMedia, processMedia } from './media-items.js';
import { expandSheet, processSheet } from './sheet-items.js';
import { fetchToTemp } from './stored-part.js';

export const BULK_UPLOAD_JOB = 'bulk-upload';
export type BulkUploadJob = { uploadId: number };

/**
 * One job per upload row. It may run any number of times (a crash, a kill -9, a retry): every
 * step is idempotent. (1) The stored part is read into the ledger (bulk_upload_items, insert or
 * keep); `total` is set once that is complete. (2) Pending items are processed: each entity
 * insert and its done mark share one transaction. (3) The counts and the status come from the
 * ledger. Retries are quick and many: a crash is a failure to pg-boss, and resuming is cheap.
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
  if (!part) return failWholeFile(db, uploadId, 'The uploaded file is no longer stored');
  try {
    const media = isMediaBulkKind(upload.kind);
    if (upload.total === 0) {
      const problem = media ? await expandMedia(app, upload, part.path) : await expandSheet(db, upload, part.path);
      if (problem) return failWholeFile(db, uploadId, problem);
      await refreshCounts(db, uploadId);
    }
    if (media) {
      let manifest = null;
      if (upload.manifestKey) {
        const loaded = await loadManifest(app, upload.manifestKey, upload.kind as MediaKind);
        if ('error' in loaded) return failWholeFile(db, uploadId, loaded.error);
        manifest = loaded.manifest;
      }
      await processMedia(app, upload, part.path, manifest);
    } else {
      await processSheet(db, upload);
    }
    await finishUpload(db, uploadId);
  } finally {
    await part.cleanup();
  }
}
