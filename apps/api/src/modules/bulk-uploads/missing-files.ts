import { BULK_UPLOAD_MESSAGES } from '@console/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bulkUploadItems, bulkUploads } from '../../db/schema/index.js';
import { insertItems, NOT_IN_UPLOAD } from './ledger.js';
import type { Manifest } from './manifest.js';

/** Missing files sort after every item a part can hold (archives: at most a few thousand entries). */
const MISSING_POSITION = 1_000_000_000;

const baseName = (item: string) => item.slice(item.lastIndexOf('/') + 1);

/**
 * Reports the files the request's manifest names but none of its parts holds, as failed items of
 * one part of the request (its rows share `manifestKey`), so that row ends partially-failed (or
 * failed) and the user learns which listed file never arrived.
 *
 * The parts run as separate jobs, and a part's names are known only once it is read. Every job
 * calls this after its own part is read (or refused whole) and before it settles its row, with
 * the request's rows locked: the last part to get there sees every part read and reports into its
 * own row, which it has yet to count and settle, so no finished row changes afterwards. Each job
 * marks its part read before it looks, so the last one cannot miss the others. A replay finds the
 * report already made (in whichever row) and adds nothing; the ledger's unique (upload, item)
 * guards the rest. A manifest row matches an item by its full path or its base name, as the job
 * looks rows up.
 */
export async function reportMissingFiles(db: Db, upload: { id: number; manifestKey: string }, manifest: Manifest) {
  await db.transaction(async (tx) => {
    const parts = await tx
      .select({
        id: bulkUploads.id,
        fileName: bulkUploads.fileName,
        read: sql<boolean>`(${bulkUploads.readComplete} or ${bulkUploads.storageKey} is null or ${bulkUploads.error} is not null)`,
      })
      .from(bulkUploads)
      .where(eq(bulkUploads.manifestKey, upload.manifestKey))
      .orderBy(bulkUploads.id)
      .for('update');
    if (!parts.every((p) => p.read)) return; // the part read last reports
    const ids = parts.map((p) => p.id);
    const items = await tx
      .select({ item: bulkUploadItems.item, details: bulkUploadItems.details })
      .from(bulkUploadItems)
      .where(inArray(bulkUploadItems.uploadId, ids));
    if (items.some((i) => isNotInUpload(i.details))) return; // reported by an earlier run
    const present = new Set([...parts.map((p) => p.fileName), ...items.flatMap((i) => [i.item, baseName(i.item)])]);
    const missing = [...manifest].filter(([name]) => !present.has(name));
    await insertItems(
      tx,
      upload.id,
      missing.map(([name, entry]) => ({
        item: name,
        position: MISSING_POSITION + entry.row,
        status: 'failed',
        message: BULK_UPLOAD_MESSAGES.notInUpload,
        details: NOT_IN_UPLOAD,
      })),
    );
  });
}

const isNotInUpload = (details: unknown) => (details as { notInUpload?: unknown } | null)?.notInUpload === true;
