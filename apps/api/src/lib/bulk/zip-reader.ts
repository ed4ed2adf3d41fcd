import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { EntryRefused, surveyArchive } from './archive-checks.js';
import { DEFAULT_ZIP_LIMITS, headerRefusal, mimeAccepted, type ZipLimits, type ZipRefusalCode } from './zip-entry-checks.js';
import { entryName, nextEntry, openEntry, openZip } from './zip-file.js';

export type ZipItem =
  | { ok: true; name: string; size: number; mime: string; ext: string; stream: Readable }
  | { ok: false; name: string; code: ZipRefusalCode | 'corrupt'; message: string };

// file-type needs at most this many leading bytes to recognise the formats we accept.
const SNIFF_BYTES = 4100;

/**
 * Streams the files of a ZIP archive one at a time (yauzl, lazy entries: the archive is never
 * held in memory, and nothing is extracted that the caller does not write itself).
 *
 * The archive as a whole is judged first, from its central directory alone (surveyArchive: entry
 * count, name lengths, entries sharing bytes): a refusal throws ArchiveRefused before any item.
 * Then every entry is judged alone: one that breaks a rule (zip-entry-checks.ts) or whose content
 * is not an accepted type is yielded as `{ok: false}` before any of its bytes reach the caller, so
 * a refused entry is never written anywhere. An accepted entry comes with a stream of its bytes,
 * which the caller must read to the end (or destroy) before asking for the next item. The stream
 * fails (the caller removes what it had written) if the entry inflates past its declared size, or
 * once the bytes handed out for the whole archive pass `maxUnpackFactor` times its size on disk:
 * counted as really inflated, so headers that lie gain nothing. Directories and macOS metadata are
 * skipped. Throws otherwise only when the archive itself cannot be read.
 */
export async function* readZip(filePath: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): AsyncGenerator<ZipItem> {
  const survey = await openZip(filePath);
  try {
    await surveyArchive(survey, { maxEntries: limits.maxEntries, noun: 'archive' });
  } finally {
    survey.close();
  }
  const cap = limits.maxUnpackFactor * (await stat(filePath)).size;
  let handedOut = 0;
  const take = (bytes: number) => {
    handedOut += bytes;
    if (handedOut > cap) throw new EntryRefused(`The archive unpacks to more than ${cap} bytes (${limits.maxUnpackFactor} times its size)`);
  };
  const zip = await openZip(filePath);
  let current: Readable | undefined;
  let acceptedBytes = 0;
  try {
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      current?.destroy();
      current = undefined;
      const name = entryName(entry);
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
      const rest = sniffed.rest;
      current = Readable.from(replay(sniffed.head, rest, take), { objectMode: false });
      // However it ends (read, failed, or destroyed unread), the entry's own stream goes with it.
      current.once('close', () => rest?.destroy());
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

/**
 * The sniffed head, then the rest, each chunk counted (`take` throws past the archive's cap). The
 * stream fails with EntryRefused, whose message says why (`stream.errored` keeps it for the caller).
 */
async function* replay(head: Buffer, rest: Readable | null, take: (bytes: number) => void): AsyncGenerator<Buffer> {
  take(head.length);
  yield head;
  if (!rest) return;
  try {
    for await (const chunk of rest) {
      take((chunk as Buffer).length);
      yield chunk as Buffer;
    }
  } catch (err) {
    throw err instanceof EntryRefused ? err : new EntryRefused(`Unreadable entry (${(err as Error).message})`);
  }
}
