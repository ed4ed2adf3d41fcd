import type { MediaKind } from '@console/contract';
import { eq } from 'drizzle-orm';
import { bulkUploads } from '../../db/schema/index.js';
import type { BulkImporter, BulkJobDeps, Upload } from './importer.js';
import { failWholeFile, finishUpload, markWholeFailure, refreshCounts, type WholeFailure } from './ledger.js';
import { loadManifest } from './manifest.js';
import { expandMedia, processMedia } from './media-items.js';
import { reportMissingFiles } from './missing-files.js';

/**
 * Demo and campaign media (a plain media file or a ZIP of them), item by item through the
 * ledger: (1) the part is read into the ledger (bulk_upload_items, insert or keep) and
 * `read_complete` set; (2) pending items are stored (media-items.ts), each entity insert and its
 * done mark in one transaction; (3) the counts and the status come from the ledger.
 */
export const mediaImporter: BulkImporter = {
  async run(deps, upload, path) {
    const db = deps.db;
    if (!upload.readComplete) {
      const problem = await expandMedia(deps, upload, path);
      if (problem) return failMediaPart(deps, upload, problem.message, { final: problem.final });
      await db.update(bulkUploads).set({ readComplete: true }).where(eq(bulkUploads.id, upload.id));
      await refreshCounts(db, upload.id);
    }
    let manifest = null;
    if (upload.manifestKey) {
      const loaded = await loadManifest(deps, upload.manifestKey, upload.kind as MediaKind, upload.mapping);
      if ('error' in loaded) return failWholeFile(db, upload.id, loaded.error);
      manifest = loaded.manifest;
      // Before this part settles: the missing files may become items of this row.
      await reportMissingFiles(db, { id: upload.id, manifestKey: upload.manifestKey }, manifest);
    }
    await processMedia(deps, upload, path, manifest);
    await finishUpload(db, upload.id);
  },
  refuse: failMediaPart,
};

/**
 * A media part refused whole (not media, an archive refused or unreadable, gone from storage):
 * one failed item. It is read as far as it ever will be, so it may be the request's last part
 * to get there and the one to report the manifest's missing files (before it settles).
 */
async function failMediaPart(deps: BulkJobDeps, upload: Upload, message: string, failure: WholeFailure = {}) {
  await markWholeFailure(deps.db, upload.id, message, failure);
  if (upload.manifestKey) {
    const loaded = await loadManifest(deps, upload.manifestKey, upload.kind as MediaKind, upload.mapping);
    if ('manifest' in loaded) await reportMissingFiles(deps.db, { id: upload.id, manifestKey: upload.manifestKey }, loaded.manifest);
  }
  await finishUpload(deps.db, upload.id);
}
