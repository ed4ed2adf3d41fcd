import {
  BULK_SHEET_MAX_ROWS,
  BULK_UPLOAD_MESSAGES,
  type MediaKind,
  type MediaManifestRow,
  mediaManifestRowSchema,
} from '@console/contract';
import { detectSheetFormat, readSheet, rowErrorText } from '../../lib/bulk/sheet-reader.js';
import type { BulkJobDeps } from './importer.js';
import { fetchToTemp } from './stored-part.js';

type ManifestEntry = { row: number; ok: true; data: MediaManifestRow } | { row: number; ok: false; message: string };
/** Manifest rows by fileName (the first row of a name wins). */
export type Manifest = Map<string, ManifestEntry>;

/**
 * Reads the manifest sent with a media upload. A manifest that cannot be used at all (not a
 * sheet, bad header, gone from storage) fails every part of its request: answered as `error`.
 */
export async function loadManifest(
  deps: BulkJobDeps,
  key: string,
  kind: MediaKind,
  mapping: Record<string, string | null> | null = null,
): Promise<{ manifest: Manifest } | { error: string }> {
  const temp = await fetchToTemp(deps, key);
  if (!temp) return { error: 'Manifest: the file is no longer stored' };
  try {
    const format = await detectSheetFormat(temp.path);
    if (!format) return { error: `Manifest: ${BULK_UPLOAD_MESSAGES.wrongSheetType}` };
    const manifest: Manifest = new Map();
    // Rows are read loosely first so a row with errors still says which file it describes.
    for await (const r of readSheet(temp.path, { format, schema: mediaManifestRowSchema(kind), maxRows: BULK_SHEET_MAX_ROWS, mapping })) {
      if (r.ok) {
        if (!manifest.has(r.data.fileName)) manifest.set(r.data.fileName, { row: r.row, ok: true, data: r.data as MediaManifestRow });
      } else {
        const name = r.raw.fileName?.trim();
        const message = rowErrorText(r.errors);
        if (name && !manifest.has(name)) manifest.set(name, { row: r.row, ok: false, message });
      }
    }
    return { manifest };
  } catch (err) {
    return { error: `Manifest: ${(err as Error).message}` };
  } finally {
    await temp.cleanup();
  }
}
