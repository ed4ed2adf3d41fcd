import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Entry, ZipFile } from 'yauzl';
import { ArchiveRefused, surveyArchive } from './archive-checks.js';
import { StoredZipWriter } from './stored-zip.js';
import { openEntry, openZip } from './zip-file.js';

export type XlsxGuardLimits = {
  /** Bytes really inflated from the parts the reader uses, at most (a hard stop while inflating). */
  maxUnpackedBytes: number;
  /** A part over 1 MB declaring more than this uncompressed / compressed is treated as a bomb. */
  maxRatio: number;
  /** Entries in the central directory at most. */
  maxEntries: number;
};

// 100,000 rows (BULK_SHEET_MAX_ROWS) of a typical sheet (five short text cells) unpack to ~40 MB:
// an exceljs-saved 10,000-row sheet holds 2.2 MB of worksheet XML and 1.7 MB of shared strings.
// 64 MB leaves room for longer cells, equals the largest sheet part taken as CSV, and bounds what
// exceljs keeps in memory: it caches every shared string (sharedStrings: 'cache'), which the old
// 256 MB let grow to GBs of RSS.
export const DEFAULT_XLSX_LIMITS: XlsxGuardLimits = { maxUnpackedBytes: 64 * 1024 * 1024, maxRatio: 500, maxEntries: 1000 };

/**
 * The parts exceljs's streaming reader uses besides the worksheet, in the order that lets it
 * stream the worksheet with everything known: relationships and workbook (sheet names), shared
 * strings (cell texts), styles (which numbers are dates). Anything else is never inflated.
 */
const LEADING_PARTS = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml'];
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;
// Without a shared-strings part exceljs would park the worksheet in a temp file waiting for one.
const NO_SHARED_STRINGS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>';
/** Smaller parts are not judged by their ratio: a few kB of repetitive XML compress very well. */
const RATIO_FLOOR = 1024 * 1024;

export type WorkbookCopy = { path: string; remove: () => Promise<void> };

/**
 * An XLSX is a ZIP that exceljs inflates with its own streaming unzip, trusting the local headers
 * (sizes, data descriptors, even entries the central directory does not list). So exceljs never
 * reads the upload: it reads a fresh copy made here, holding only the parts it uses (see
 * LEADING_PARTS, then the first worksheet), each inflated through yauzl from the central directory
 * with its real bytes counted against `maxUnpackedBytes` (declared sizes are not trusted; the
 * count stops the inflation at the limit) and written with the sizes counted (StoredZipWriter).
 * The worksheet comes last, so its strings are known whatever order the upload had (Excel and
 * LibreOffice write them after it). The directory first passes surveyArchive (entries, names,
 * overlaps) and a ratio check on declared sizes, so a plain bomb is refused without inflating.
 *
 * Throws ArchiveRefused with the reason for a workbook that breaks a limit or cannot be read.
 * The copy sits next to `filePath` (a job's working copies live in its temp dir, emptied at
 * start, so a crash leaves nothing behind); the caller removes it.
 */
export async function copyCheckedWorkbook(filePath: string, limits: XlsxGuardLimits = DEFAULT_XLSX_LIMITS): Promise<WorkbookCopy> {
  // yauzl does not validate entry sizes here: the count below is the bound, and a part whose
  // headers lie is copied with the size it really has.
  const zip = await openZip(filePath, false).catch(unreadable);
  try {
    const parts = await pickParts(zip, limits);
    const copy = path.join(path.dirname(filePath), `.${path.basename(filePath)}.${randomUUID()}.xlsx`);
    const remove = () => rm(copy, { force: true });
    const writer = await StoredZipWriter.create(copy);
    try {
      const budget = { left: limits.maxUnpackedBytes };
      for (const [name, entry] of parts) {
        const data = entry ? counted(await openEntry(zip, entry).catch(unreadable), budget, limits) : [Buffer.from(NO_SHARED_STRINGS)];
        await writer.add(name, data);
      }
      await writer.finish();
    } catch (err) {
      await writer.close().catch(() => {});
      await remove();
      throw err;
    }
    return { path: copy, remove };
  } finally {
    zip.close();
  }
}

/** The parts to copy, in the order to write them (an empty shared-strings part where there is none). */
async function pickParts(zip: ZipFile, limits: XlsxGuardLimits): Promise<[string, Entry | null][]> {
  const found = new Map<string, Entry>();
  let sheet: [string, Entry] | undefined;
  await surveyArchive(zip, { maxEntries: limits.maxEntries, noun: 'workbook' }, (entry, name) => {
    const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
    if (entry.uncompressedSize > RATIO_FLOOR && ratio > limits.maxRatio) {
      throw new ArchiveRefused(`Suspicious compression ratio in the workbook (${Math.round(ratio)}:1)`);
    }
    if (LEADING_PARTS.includes(name)) {
      if (!found.has(name)) found.set(name, entry);
    } else if (!sheet && WORKSHEET.test(name)) sheet = [name, entry];
  }).catch(unreadable);
  const parts: [string, Entry | null][] = [];
  for (const name of LEADING_PARTS) {
    const entry = found.get(name);
    if (entry || name === SHARED_STRINGS) parts.push([name, entry ?? null]);
  }
  if (sheet) parts.push(sheet);
  // What the headers declare already over the limit: refused without inflating a byte.
  if (parts.reduce((sum, [, entry]) => sum + (entry?.uncompressedSize ?? 0), 0) > limits.maxUnpackedBytes) throw tooLarge(limits);
  return parts;
}

/** The entry's bytes, counted against what the whole workbook may unpack to. */
async function* counted(stream: Readable, budget: { left: number }, limits: XlsxGuardLimits): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      budget.left -= chunk.length;
      if (budget.left < 0) throw tooLarge(limits); // leaving the loop destroys the stream: nothing more is inflated
      yield chunk;
    }
  } catch (err) {
    unreadable(err);
  }
}

const tooLarge = (limits: XlsxGuardLimits) => new ArchiveRefused(`The workbook unpacks to more than ${limits.maxUnpackedBytes} bytes`);

/** yauzl's and zlib's errors are the upload's fault: a refusal naming them. */
function unreadable(err: unknown): never {
  if (err instanceof ArchiveRefused) throw err;
  throw new ArchiveRefused(`Unreadable workbook (${(err as Error).message})`);
}
