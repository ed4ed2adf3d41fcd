import type { Entry, ZipFile } from 'yauzl';
import { entryName, nextEntry } from './zip-file.js';

/**
 * The whole archive (or workbook) is refused, before any of its entries is used. The message is
 * meant for the user who sent it.
 */
export class ArchiveRefused extends Error {}

/**
 * One entry's bytes failed while being read (the archive's unpack cap passed, the entry inflates
 * past its declared size, corrupt data). The message is meant for the user; the entry fails as an
 * item, the archive goes on.
 */
export class EntryRefused extends Error {}

/**
 * Longest entry name, in UTF-8 bytes after NFC normalisation: the usual file-system limit for a
 * name. Names are stored (ledger items, media rows) and listed, so a longer one only costs memory.
 */
const MAX_ENTRY_NAME_BYTES = 255;

/** The size of a local file header before its name and extra field. */
const LOCAL_HEADER_BYTES = 30;

export type SurveyOptions = { maxEntries: number; noun: 'archive' | 'workbook' };

/**
 * Reads the central directory of a freshly opened archive once, an entry at a time (memory stays
 * bounded whatever it holds), and throws ArchiveRefused when:
 * - the end record counts more than `maxEntries` entries (known before any entry is read; yauzl
 *   reads no more entries than that count, whatever follows);
 * - a name is longer than MAX_ENTRY_NAME_BYTES;
 * - two entries' bytes overlap (local header + data): a central directory can point many entries
 *   at one stored file, so a small upload would unpack into many copies of it; no zip tool writes
 *   that, so it is refused whole.
 * `onEntry` sees every entry with its decoded name (it may throw ArchiveRefused too).
 */
export async function surveyArchive(zip: ZipFile, options: SurveyOptions, onEntry?: (entry: Entry, name: string) => void) {
  const { maxEntries, noun } = options;
  if (zip.entryCount > maxEntries) throw new ArchiveRefused(`The ${noun} has more than ${maxEntries} entries`);
  const spans: [start: number, end: number][] = [];
  for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
    const name = entryName(entry);
    if (Buffer.byteLength(name.normalize('NFC')) > MAX_ENTRY_NAME_BYTES) {
      throw new ArchiveRefused(`The ${noun} has an entry name longer than ${MAX_ENTRY_NAME_BYTES} bytes`);
    }
    spans.push([entry.relativeOffsetOfLocalHeader, await dataEnd(zip, entry)]);
    onEntry?.(entry, name);
  }
  spans.sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < spans.length; i++) {
    if ((spans[i] as [number, number])[0] < (spans[i - 1] as [number, number])[1]) {
      throw new ArchiveRefused(`The ${noun} has overlapping entries (two entries share the same bytes)`);
    }
  }
}

/** Where the entry's data ends: its local header gives the length of the name and extra field before the data. */
async function dataEnd(zip: ZipFile, entry: Entry): Promise<number> {
  try {
    const { fileDataStart } = await zip.readLocalFileHeaderPromise(entry, { minimal: true });
    return fileDataStart + entry.compressedSize;
  } catch {
    // An unreadable local header: the entry fails on its own when opened, and no data of it can be read.
    return entry.relativeOffsetOfLocalHeader + LOCAL_HEADER_BYTES;
  }
}
