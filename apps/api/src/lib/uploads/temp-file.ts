import { randomUUID } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { chmod, copyFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { wholeFilePath } from '../whole-file.js';
import { cutOff, UploadRejected, tooLarge } from './errors.js';

export interface TempFileOptions {
  maxBytes: number;
  /** Directory for the temp file (default the OS temp dir); same filesystem as the store is best. */
  dir?: string;
}

export interface TempUpload {
  path: string;
  size: number;
  /** Removes the temp file; safe to call more than once. */
  cleanup(): Promise<void>;
}

/**
 * Streams an upload (e.g. @fastify/multipart's `part.file`) into a private temp file while
 * counting bytes. Past maxBytes it rejects at once with UploadRejected(PAYLOAD_TOO_LARGE) after
 * deleting the partial file; any other failure also leaves nothing behind.
 *
 * On overflow the source is not destroyed but drained (read and discarded): destroying a
 * busboy file stream stalls the multipart parser and the client, which then never sees the
 * 413. Bound the drain with @fastify/multipart's `limits.fileSize` / the body limit; a source
 * that reports truncation (`truncated: true`) or fails with FST_REQ_FILE_TOO_LARGE counts as
 * too large as well. A source that fails otherwise, or closes without ending (a multipart part
 * cut off by the end of the request, possibly before we started listening), is `cutOff()`: the
 * request's fault, a 400. Only a failure to write the temp file stays an internal error.
 */
export function streamToTempFile(source: Readable, options: TempFileOptions): Promise<TempUpload> {
  const file = path.join(options.dir ?? tmpdir(), `upload-${randomUUID()}.part`);
  const cleanup = () => rm(file, { force: true });
  const whole = wholeFilePath(source);
  if (whole) return copyToTemp(source, whole, file, options.maxBytes, cleanup);
  const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  let size = 0;
  let settled = false;

  return new Promise<TempUpload>((resolve, reject) => {
    const detach = () => {
      source.off('data', onData);
      source.off('end', onEnd);
      source.off('error', onSourceError);
      source.off('close', onSourceClose);
      out.off('error', onOutError);
    };
    const fail = (err: unknown, drain: boolean) => {
      if (settled) return;
      settled = true;
      detach();
      if (drain) {
        source.on('error', () => {}); // nothing listens any more; the reply has gone
        source.resume();
      }
      out.on('error', () => {});
      out.destroy();
      // Wait for the descriptor to close before deleting, so nothing is recreated after rm.
      const remove = () => cleanup().then(() => reject(err), reject);
      if (out.closed) void remove();
      else out.once('close', remove);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > options.maxBytes) return fail(tooLarge(options.maxBytes), true);
      if (!out.write(chunk)) {
        source.pause();
        out.once('drain', () => {
          if (!settled) source.resume();
        });
      }
    };
    const onEnd = () => {
      if ((source as Readable & { truncated?: boolean }).truncated) return fail(tooLarge(options.maxBytes), false);
      out.end(() => {
        if (settled) return;
        settled = true;
        detach();
        resolve({ path: file, size, cleanup });
      });
    };
    const onSourceError = (err: Error & { code?: string }) =>
      fail(
        err.code === 'FST_REQ_FILE_TOO_LARGE'
          ? new UploadRejected('PAYLOAD_TOO_LARGE', 'The file is larger than the upload limit.')
          : cutOff(),
        false,
      );
    // 'close' after 'end' is normal; before it, the source was destroyed and will never end.
    const onSourceClose = () => {
      if (!source.readableEnded) onSourceError((source.errored ?? new Error('closed early')) as Error & { code?: string });
    };
    const onOutError = (err: Error) => fail(err, true);

    if (source.destroyed) return onSourceClose();
    source.on('data', onData);
    source.once('end', onEnd);
    source.once('error', onSourceError);
    source.once('close', onSourceClose);
    out.once('error', onOutError);
  });
}

/** A stored file read back (a bulk job's part): the kernel copies it, no byte passes through here. */
async function copyToTemp(
  source: Readable,
  from: string,
  file: string,
  maxBytes: number,
  cleanup: () => Promise<void>,
): Promise<TempUpload> {
  source.destroy();
  const { size } = await stat(from);
  if (size > maxBytes) throw tooLarge(maxBytes);
  try {
    await copyFile(from, file, constants.COPYFILE_EXCL);
    await chmod(file, 0o600);
  } catch (err) {
    await cleanup();
    throw err;
  }
  return { path: file, size, cleanup };
}
