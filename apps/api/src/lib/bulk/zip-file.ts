import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

// yauzl's callbacks as promises, shared by the archive and workbook readers.

/**
 * Opens an archive for lazy reading: entries one at a time, so the central directory is never
 * held whole. decodeStrings off: yauzl would otherwise reject the whole archive on the first bad
 * name and turn backslashes into slashes; names are decoded and judged by the caller (entryName).
 */
export function openZip(filePath: string, validateEntrySizes = true): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(filePath, { lazyEntries: true, decodeStrings: false, validateEntrySizes, autoClose: false }, (err, zip) =>
      err ? reject(err) : resolve(zip),
    ),
  );
}

/** The next central-directory entry, or null after the last one. */
export function nextEntry(zip: ZipFile): Promise<Entry | null> {
  return new Promise((resolve, reject) => {
    const done = (fn: () => void) => {
      zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
      fn();
    };
    const onEntry = (e: Entry) => done(() => resolve(e));
    const onEnd = () => done(() => resolve(null));
    const onError = (e: Error) => done(() => reject(e));
    zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    zip.readEntry();
  });
}

export function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream))));
}

/** The entry's name as a zip tool shows it (UTF-8 flag, Info-ZIP Unicode path field, else CP437), backslashes kept. */
export function entryName(entry: Entry): string {
  return yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileName as unknown as Buffer, entry.extraFields, true);
}
