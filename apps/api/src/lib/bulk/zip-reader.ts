import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { DEFAULT_ZIP_LIMITS, headerRefusal, mimeAccepted, type ZipLimits, type ZipRefusalCode } from './zip-entry-checks.js';

export type ZipItem =
  | { ok: true; name: string; size: number; mime: string; ext: string; stream: Readable }
  | { ok: false; name: string; code: ZipRefusalCode | 'corrupt'; message: string };

// file-type needs at most this many leading bytes to recognise the formats we accept.
const SNIFF_BYTES = 4100;

/**
 * Streams the files of a ZIP archive one at a time (yauzl, lazy entries: the archive is never
 * held in memory, and nothing is extracted that the caller does not write itself).
 *
 * Every entry is judged alone: one that breaks a rule (zip-entry-checks.ts) or whose content is
 * not an accepted type is yielded as `{ok: false}` before any of its bytes reach the caller, so a
 * refused entry is never written anywhere. An accepted entry comes with a stream of its bytes,
 * which the caller must read to the end (or destroy) before asking for the next item; the stream
 * fails if the entry inflates past its declared size (the caller removes what it had written;
 * declared sizes passed the limits, so that is bounded). Directories and macOS metadata are skipped.
 * Throws only when the archive itself cannot be read.
 */
export async function* readZip(filePath: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): AsyncGenerator<ZipItem> {
  // decodeStrings off: yauzl would otherwise reject the whole archive on the first bad name
  // and turn backslashes into slashes; we decode and judge each name ourselves.
  const zip = await openZip(filePath);
  let current: Readable | undefined;
  let seen = 0;
  let acceptedBytes = 0;
  try {
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      current?.destroy();
      current = undefined;
      seen++;
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileName as unknown as Buffer, entry.extraFields, true);
      if (seen > limits.maxEntries) {
        yield { ok: false, name, code: 'too-many-entries', message: `The archive has more than ${limits.maxEntries} entries` };
        continue;
      }
      if (isSkipped(name)) continue;
      const refusal = headerRefusal(entry, name, limits, acceptedBytes);
      if (refusal) {
        yield { ok: false, name, ...refusal };
        continue;
      }
      let sniffed: { head: Buffer; rest: Readable | null };
      try {
        sniffed = await sniff(await openEntry(zip, entry));
      } catch (err) {
        yield { ok: false, name, code: 'corrupt', message: `Unreadable entry (${(err as Error).message})` };
        continue;
      }
      const type = await fileTypeFromBuffer(sniffed.head);
      if (!type || !mimeAccepted(type.mime, limits.accept)) {
        sniffed.rest?.destroy();
        yield { ok: false, name, code: 'wrong-type', message: `Not an accepted file type (${type?.mime ?? 'unknown'})` };
        continue;
      }
      acceptedBytes += entry.uncompressedSize;
      current = Readable.from(replay(sniffed.head, sniffed.rest), { objectMode: false });
      yield { ok: true, name, size: entry.uncompressedSize, mime: type.mime, ext: type.ext, stream: current };
    }
  } finally {
    current?.destroy();
    zip.close();
  }
}

function isSkipped(name: string): boolean {
  const base = name.split('/').pop() ?? '';
  return name.endsWith('/') || name.startsWith('__MACOSX/') || base === '.DS_Store';
}

function openZip(filePath: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(filePath, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false }, (err, zip) =>
      err ? reject(err) : resolve(zip),
    ),
  );
}

function nextEntry(zip: ZipFile): Promise<Entry | null> {
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

function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream))));
}

/** Reads the first SNIFF_BYTES (or the whole entry if shorter) and leaves the stream paused. */
function sniff(stream: Readable): Promise<{ head: Buffer; rest: Readable | null }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const finish = (rest: Readable | null) => {
      stream.off('data', onData).off('end', onEnd).off('error', onError);
      resolve({ head: Buffer.concat(chunks), rest });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= SNIFF_BYTES) {
        stream.pause();
        finish(stream);
      }
    };
    const onEnd = () => finish(null);
    const onError = (err: Error) => {
      stream.off('data', onData).off('end', onEnd);
      reject(err);
    };
    stream.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

async function* replay(head: Buffer, rest: Readable | null): AsyncGenerator<Buffer> {
  yield head;
  if (rest) for await (const chunk of rest) yield chunk as Buffer;
}
