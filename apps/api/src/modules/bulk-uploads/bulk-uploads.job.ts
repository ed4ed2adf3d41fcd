import type { BulkUploadKind } from '@console/contract';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { bulkUploads } from '../../db/schema/index.js';
import { defineJob, type JobContext } from '../../lib/queue/define-job.js';
import type { BulkImporter, BulkJobDeps, Upload } from './importer.js';
import { finishUpload } from './ledger.js';
import { manageActionsImporter } from './manage-actions-importer.js';
import { mediaImporter } from './media-importer.js';
import { fetchToTemp } from './stored-part.js';

/** Each kind's importer: a new kind does not compile without one. */
const IMPORTERS: Record<BulkUploadKind, BulkImporter> = {
  'manage-actions': manageActionsImporter,
  'demo-media': mediaImporter,
  'campaign-media': mediaImporter,
};

/**
 * One job per upload row, sent in the transaction that writes the row (bulk-uploads.service.ts).
 * It may run any number of times (a crash, a kill -9, a retry): every step is idempotent, and
 * each importer resumes from what the database says was done (the ledger, a sheet's read
 * position). Retries are quick and many: a crash is a failure to pg-boss, and resuming is cheap.
 */
export const bulkUploadJob = defineJob({
  name: 'bulk-upload',
  payload: z.object({ uploadId: z.number().int().positive() }),
  retryLimit: 20,
  retryDelay: 1,
  retryBackoff: false,
  expireInSeconds: 60 * 60,
  handler: (data, { deps }: JobContext<BulkJobDeps>) => runUpload(deps, data.uploadId),
});

const PROGRESS_EVERY_MS = 1000;

/** One run of the job: the row marked processing, its stored part copied to a temp file, its kind's importer. */
export async function runUpload(deps: BulkJobDeps, uploadId: number) {
  const db = deps.db;
  const [upload] = await db.select().from(bulkUploads).where(eq(bulkUploads.id, uploadId));
  if (!upload) return; // removed meanwhile
  // Finished rows wait for a retry, which sets them pending again.
  if (upload.status !== 'pending' && upload.status !== 'processing') return;
  // Open upload lists follow the counts the importer writes: "this upload moved" once a second
  // while it runs and once when it ends, never per row.
  const moved = () => deps.live.publish({ topic: 'bulk-uploads', kind: upload.kind, uploadIds: [uploadId] });
  const ticker = setInterval(moved, PROGRESS_EVERY_MS);
  try {
    await importUpload(deps, upload);
  } finally {
    clearInterval(ticker);
    moved();
  }
}

async function importUpload(deps: BulkJobDeps, upload: Upload) {
  const db = deps.db;
  const uploadId = upload.id;
  await db
    .update(bulkUploads)
    .set({ status: 'processing', startedAt: sql`coalesce(${bulkUploads.startedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(bulkUploads.id, uploadId));
  // A part refused on receipt (too large) has no file: its reason is already the row's error.
  if (!upload.storageKey) return finishUpload(db, uploadId);
  const importer = IMPORTERS[upload.kind];
  const part = await fetchToTemp(deps, upload.storageKey);
  if (!part) return importer.refuse(deps, upload, 'The uploaded file is no longer stored');
  try {
    await importer.run(deps, upload, part.path);
  } finally {
    await part.cleanup();
  }
}
