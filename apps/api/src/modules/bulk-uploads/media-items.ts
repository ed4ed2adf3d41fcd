import { BULK_UPLOAD_MESSAGES, type BulkUploadKind, MEDIA_MAX_BYTES, MEDIA_TONE_CODE_MESSAGES, type MediaKind } from '@console/contract';
import { fileTypeFromFile } from 'file-type';
import { ArchiveRefused, EntryRefused } from '../../lib/bulk/archive-checks.js';
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from '../../lib/bulk/zip-entry-checks.js';
import { readZip } from '../../lib/bulk/zip-reader.js';
import { fileLifecycle } from '../../lib/files/file-lifecycle.js';
import { probeMediaFile, putMediaFile } from '../../lib/media/index.js';
import { insertMediaRow, newMediaRow } from '../../lib/media/media-rows.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { bulkItemKey } from '../../lib/storage/index.js';
import { CATEGORY_TYPES, cleanUploadedFile, streamToTempFile, UploadRejected } from '../../lib/uploads/index.js';
import type { BulkJobDeps } from './importer.js';
import { FINAL, insertItems, markDone, markFailed, type NewItem, pendingItems, refreshCounts } from './ledger.js';
import type { Manifest } from './manifest.js';

type Upload = { id: number; clientId: number; kind: BulkUploadKind; fileName: string; storageKey: string | null };

const zipLimits = (): ZipLimits => ({ ...DEFAULT_ZIP_LIMITS, maxEntryBytes: MEDIA_MAX_BYTES });

async function isZip(path: string) {
  return (await fileTypeFromFile(path))?.mime === 'application/zip';
}

/**
 * The items of a media part: one per archive entry (a refused entry is a failed item: none of
 * its bytes were written anywhere), or the part itself when it is a plain media file. Answers
 * the reason when the whole part is unusable, else null: `final` when the file is wrong in itself
 * (not media, an archive without files), so a retry would refuse it again; an archive refused
 * against a limit, or unreadable, is not.
 */
export async function expandMedia(deps: BulkJobDeps, upload: Upload, path: string): Promise<{ message: string; final: boolean } | null> {
  if (!(await isZip(path))) {
    const type = await fileTypeFromFile(path);
    if (!type || !CATEGORY_TYPES.media[type.mime]) return { message: BULK_UPLOAD_MESSAGES.wrongMediaType, final: true };
    await insertItems(deps.db, upload.id, [{ item: upload.fileName, position: 1, status: 'pending' }]);
    return null;
  }
  const items: NewItem[] = [];
  try {
    let position = 0;
    for await (const entry of readZip(path, zipLimits())) {
      position++;
      if (entry.ok) entry.stream.destroy();
      items.push(
        entry.ok
          ? { item: entry.name, position, status: 'pending' }
          : { item: entry.name, position, status: 'failed', message: entry.message, details: finalEntry(entry.code) ? FINAL : undefined },
      );
    }
  } catch (err) {
    // Refused whole (too many entries, over-long names, entries sharing bytes): nothing was inserted.
    if (err instanceof ArchiveRefused) return { message: err.message, final: false };
    return { message: `The archive could not be read (${(err as Error).message})`, final: false };
  }
  if (items.length === 0) return { message: 'The archive holds no files', final: true };
  await insertItems(deps.db, upload.id, items);
  return null;
}

/** Stores every pending item as a media row (see storeItem), re-reading the archive for its entries. */
export async function processMedia(deps: BulkJobDeps, upload: Upload, path: string, manifest: Manifest | null) {
  const pending = new Map((await pendingItems(deps.db, upload.id, 0, 100_000)).map((i) => [i.item, i.position]));
  if (pending.size === 0) return;
  if (!(await isZip(path))) {
    for (const [item, position] of pending) await storeItem(deps, upload, { path, item, position }, manifest);
    return;
  }
  for await (const entry of readZip(path, zipLimits())) {
    const position = pending.get(entry.name);
    if (position === undefined) {
      if (entry.ok) entry.stream.destroy();
      continue;
    }
    pending.delete(entry.name);
    if (!entry.ok) {
      await markFailed(deps.db, upload.id, [{ item: entry.name, message: entry.message, final: finalEntry(entry.code) }]);
      continue;
    }
    let temp: Awaited<ReturnType<typeof streamToTempFile>>;
    try {
      temp = await streamToTempFile(entry.stream, { maxBytes: MEDIA_MAX_BYTES, dir: deps.jobTempDir });
    } catch (err) {
      // The entry's own reason (the archive's unpack cap, a size that lied) rather than the copy's.
      // Over a limit while unpacking: not final (a limit can be raised, then a retry takes it).
      const refused = entry.stream.errored;
      const message = refused instanceof EntryRefused ? refused.message : (err as Error).message;
      await markFailed(deps.db, upload.id, [{ item: entry.name, message }]);
      continue;
    }
    try {
      await storeItem(deps, upload, { path: temp.path, item: entry.name, position }, manifest);
    } finally {
      await temp.cleanup();
    }
    await refreshCounts(deps.db, upload.id);
  }
  const gone = [...pending.keys()].map((item) => ({ item, message: 'The entry is no longer in the archive' }));
  await markFailed(deps.db, upload.id, gone);
}

/**
 * An archive entry refused for what it is (a path or link that is never written, encrypted, packed in
 * a way we cannot read, not media, corrupt): a retry would refuse it again. Refusals for size or
 * compression ratio are against limits, which an operator can raise.
 */
const FINAL_ENTRY_CODES = new Set(['unsafe-path', 'symlink', 'encrypted', 'unsupported-compression', 'wrong-type', 'corrupt']);
const finalEntry = (code: string) => FINAL_ENTRY_CODES.has(code);

const baseName = (item: string) => item.slice(item.lastIndexOf('/') + 1);
function titleFromName(item: string) {
  const base = baseName(item);
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).slice(0, 200);
}

/**
 * The campaign of campaign media no manifest row describes: the uploaded part's name without its
 * extension (a plain file: its own title; an archive: one campaign for its entries). The database
 * requires a campaign name on campaign rows.
 */
const defaultCampaignName = (upload: Upload) => titleFromName(upload.fileName).trim() || 'Bulk upload';

/**
 * One media item, exactly once: its file goes under a key fixed by (upload, position)
 * (bulkItemKey: unguessable all the same), so a replay after a crash overwrites what the
 * cut-off run wrote instead of leaking a copy; the row
 * and the ledger's done mark are one transaction, and the unique (upload, item) makes a second
 * insert a no-op that still finds the first row.
 */
async function storeItem(
  deps: BulkJobDeps,
  upload: Upload,
  src: { path: string; item: string; position: number },
  manifest: Manifest | null,
) {
  // final: the file or its manifest row is wrong in itself (a retry would fail it the same way).
  const fail = (message: string, final = false) => markFailed(deps.db, upload.id, [{ item: src.item, message, final }]);
  const described = manifest?.get(src.item) ?? manifest?.get(baseName(src.item));
  if (described && !described.ok) return fail(`Manifest row ${described.row}: ${described.message}`, true);
  // No manifest row (or no manifest): the defaults, for campaign media as for demo media (titleFromName).
  const meta = described?.ok ? described.data : undefined;
  let facts: Awaited<ReturnType<typeof probeMediaFile>>;
  try {
    // The same cleaning as a form upload (an image re-encoded: no EXIF, no trailing bytes), then its facts.
    await cleanUploadedFile(src.path, { maxBytes: MEDIA_MAX_BYTES, allowed: 'media', use: 'media' });
    facts = await probeMediaFile({ path: src.path }, { maxBytes: MEDIA_MAX_BYTES });
  } catch (err) {
    // Not media at all is final; over a size or pixel limit is not (a raised limit lets a retry take it).
    if (err instanceof UploadRejected) return fail(err.message, err.code === 'UNSUPPORTED_MEDIA_TYPE');
    throw err;
  }
  const file = bulkItemKey(upload, src.position, facts.ext);
  const kind = upload.kind as MediaKind;
  const campaign = kind === 'campaign-media';
  const files = fileLifecycle(deps);
  // Outside the try: a storage outage fails the job (retried later), not the item.
  const stored = await files.stage(async () => ({
    key: file,
    thumbnail: await putMediaFile(deps.storage, file, src.path, facts, deps.ffmpegPath),
  }));
  try {
    // A refused row removes the files it staged (files.run), so none stay behind.
    await files.run(async () => {
      const fields = {
        clientId: upload.clientId,
        title: meta?.title || titleFromName(src.item),
        description: meta?.description ?? null,
        toneCode: meta?.toneCode ?? null,
        status: meta?.status ?? 'active',
        campaignName: campaign ? (meta?.campaignName ?? defaultCampaignName(upload)) : null,
        startDate: meta?.startDate ?? null,
        endDate: meta?.endDate ?? null,
      } as const;
      const row = newMediaRow(kind, fields, { ...facts, file, fileName: baseName(src.item).slice(0, 255), thumbnail: stored.thumbnail });
      await deps.db.transaction(async (tx) => {
        const id = await insertMediaRow(tx, row, { uploadId: upload.id, uploadItem: src.item });
        await markDone(tx, upload.id, [{ item: src.item, entityId: id }]);
      });
    });
  } catch (err) {
    // The row is refused (e.g. the client was deleted meanwhile).
    // Another active media of this client holds the tone code (docs/interfaces.md): the rule's own words.
    await fail(
      isUniqueViolation(err, 'media_tone_code_active_uq')
        ? MEDIA_TONE_CODE_MESSAGES.taken
        : `The media could not be saved (${(err as Error).message})`,
    );
  }
}
