import { createReadStream } from 'node:fs';
import { BULK_UPLOAD_MAX_FILES, BULK_UPLOAD_MESSAGES, type BulkUploadKind, isMediaBulkKind } from '@console/contract';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { assertSafeInput } from '../../lib/input-guard.js';
import { newStorageKey } from '../../lib/storage/index.js';
import { safeDisplayName, streamToTempFile, UploadRejected } from '../../lib/uploads/index.js';

/** Largest part: a media ZIP may hold up to the archive limit (lib/bulk); a sheet far less. */
const PART_MAX_BYTES: Record<'media' | 'sheet', number> = { media: 2 * 1024 * 1024 * 1024, sheet: 64 * 1024 * 1024 };

/** One received file part: stored under `key`, or refused on receipt (`error`, e.g. too large). */
type ReceivedPart = { fileName: string; size: number; key: string | null; error: string | null };
export type ReceivedUpload = { fields: Record<string, unknown>; parts: ReceivedPart[]; manifestKey: string | null };

/**
 * Reads a bulk-upload form: every `files` part (and the `manifest` part of media kinds) is
 * streamed to a temp file (never held in memory), then into storage under bulk-uploads/. A part
 * over the size limit is drained and kept as a refused part, so it becomes a failed row instead
 * of refusing the others. A broken form or a wrong part name is a 400; whatever was stored by
 * then is removed. The caller validates the fields and removes the stored keys if it refuses.
 */
export async function receiveBulkForm(request: FastifyRequest, kind: BulkUploadKind): Promise<ReceivedUpload> {
  if (!request.isMultipart())
    throw new AppError('VALIDATION', 'Send the files as multipart/form-data', { files: BULK_UPLOAD_MESSAGES.noFiles });
  const app = request.server;
  const media = isMediaBulkKind(kind);
  const maxBytes = PART_MAX_BYTES[media ? 'media' : 'sheet'];
  const fields: Record<string, unknown> = {};
  const parts: ReceivedPart[] = [];
  let manifestKey: string | null = null;
  const stored = () => [...parts.map((p) => p.key), manifestKey].filter((k): k is string => k !== null);
  const iterator = request.parts({
    limits: { files: BULK_UPLOAD_MAX_FILES + 1, fileSize: maxBytes + 1, fields: 10, parts: BULK_UPLOAD_MAX_FILES + 11 },
  });
  try {
    for await (const part of fileParts(iterator, fields)) {
      const isManifest = part.fieldname === 'manifest';
      if (part.fieldname !== 'files' && !isManifest) {
        part.file.resume();
        throw new AppError('VALIDATION', 'File parts go in "files"', { [part.fieldname || 'files']: 'Unexpected file part' });
      }
      if (isManifest && !media) {
        part.file.resume();
        throw new AppError('VALIDATION', BULK_UPLOAD_MESSAGES.manifestNotForKind, { manifest: BULK_UPLOAD_MESSAGES.manifestNotForKind });
      }
      if (isManifest && manifestKey) {
        part.file.resume();
        throw new AppError('VALIDATION', BULK_UPLOAD_MESSAGES.oneManifest, { manifest: BULK_UPLOAD_MESSAGES.oneManifest });
      }
      if (!part.filename) {
        part.file.resume(); // an empty file input
        continue;
      }
      if (!isManifest && parts.length >= BULK_UPLOAD_MAX_FILES) {
        part.file.resume();
        const message = BULK_UPLOAD_MESSAGES.tooManyFiles(BULK_UPLOAD_MAX_FILES);
        throw new AppError('VALIDATION', message, { files: message });
      }
      const fileName = safeDisplayName(part.filename);
      const limit = isManifest ? PART_MAX_BYTES.sheet : maxBytes;
      let temp: Awaited<ReturnType<typeof streamToTempFile>>;
      try {
        temp = await streamToTempFile(part.file, { maxBytes: limit, dir: app.uploadTempDir });
      } catch (err) {
        if (!(err instanceof UploadRejected) || err.code !== 'PAYLOAD_TOO_LARGE') throw err;
        if (isManifest) throw new AppError('PAYLOAD_TOO_LARGE', 'The manifest is too large', { manifest: `At most ${limit} bytes` });
        parts.push({ fileName, size: 0, key: null, error: err.message });
        continue;
      }
      try {
        const key = newStorageKey('bulk-uploads', 'bin', app.clock.now());
        await app.storage.put(key, createReadStream(temp.path), { contentType: 'application/octet-stream' });
        if (isManifest) manifestKey = key;
        else parts.push({ fileName, size: temp.size, key, error: null });
      } finally {
        await temp.cleanup();
      }
    }
    assertSafeInput(fields, 'form');
  } catch (err) {
    await removeKeys(request, stored());
    throw err;
  } finally {
    await iterator.return?.(undefined).catch(() => {});
  }
  return { fields, parts, manifestKey };
}

/**
 * The file parts of a multipart request, in order; its fields go into `fields` on the way (the
 * first of a name wins; a truncated one is a 413), and the client's multipart errors are 400s.
 */
export async function* fileParts(iterator: AsyncIterator<Multipart>, fields: Record<string, unknown>): AsyncGenerator<MultipartFile> {
  for (;;) {
    const next = await iterator.next().catch((err: unknown) => Promise.reject(clientError(err)));
    if (next.done) return;
    const part = next.value;
    if (part.type === 'file') {
      yield part;
      continue;
    }
    if (part.valueTruncated || part.fieldnameTruncated) throw new AppError('PAYLOAD_TOO_LARGE', 'A form field is too long');
    if (part.fieldname && !Object.hasOwn(fields, part.fieldname)) fields[part.fieldname] = part.value;
  }
}

export async function removeKeys(request: FastifyRequest, keys: string[]) {
  for (const key of keys) await request.server.storage.delete(key).catch(() => {});
}

function clientError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_FILES_LIMIT') return new AppError('VALIDATION', BULK_UPLOAD_MESSAGES.tooManyFiles(BULK_UPLOAD_MAX_FILES));
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return new AppError('VALIDATION', 'The form has too many fields');
  return new AppError('VALIDATION', 'The form is malformed or was cut off');
}
