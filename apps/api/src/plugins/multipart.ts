import { createReadStream } from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { AppError } from '../lib/app-error.js';
import { assertSafeInput } from '../lib/input-guard.js';
import { newStorageKey, type StorageFolder, thumbnailKeyFor } from '../lib/storage/index.js';
import type { ImageUse } from '@console/contract';
import { makeThumbnail, type ReceivedUpload, receiveUpload, safeDisplayName, type UploadCategory } from '../lib/uploads/index.js';

/**
 * multipart/form-data for the add/edit forms (spec s.7: "multipart"). The plugin's own limits
 * are a backstop: the real size check is `receiveUpload` against UPLOAD_MAX_BYTES (413), and the
 * plugin's fileSize bounds how much of an oversize file is drained after that 413.
 * Routes read a form with `readForm`, which also accepts a JSON body (same fields, no file).
 */

const MAX_FIELDS = 40;
const MAX_FIELD_BYTES = 16 * 1024;

export default fp(
  async function multipartPlugin(app: FastifyInstance) {
    await app.register(multipart, {
      limits: {
        fileSize: app.config.uploadMaxBytes * 2,
        files: 1,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        parts: MAX_FIELDS + 1,
        headerPairs: 200,
      },
    });
  },
  { name: 'multipart' },
);

export type FormFile = ReceivedUpload & { fieldName: string; originalName: string };
type ReadForm = { fields: Record<string, unknown>; file?: FormFile };

export type ReadFormOptions = {
  /** Name of the one file part accepted (e.g. 'logo', 'profile'); any other file part is a 400. */
  fileField?: string;
  allowed?: UploadCategory;
  /** What an image in this form is for: sets its pixel limit (IMAGE_PIXEL_LIMITS; default 'media'). */
  use?: ImageUse;
  /** Largest file of this form (default UPLOAD_MAX_BYTES; media forms take MEDIA_MAX_BYTES). */
  maxBytes?: number;
};

/**
 * The fields (strings) and the one accepted file of a multipart form, or the JSON body. The file
 * is inspected (size 413, content 415, pixel limit) into a temp file; call `discard(form)` in a
 * finally block. A browser's empty file input (no name, no bytes) counts as "no file".
 * A malformed form (no or bad boundary, cut off anywhere, a part without a name) is a 400 and
 * leaves no temp file; only a failure on our side (e.g. the disk) stays a 500.
 */
async function readForm(request: FastifyRequest, options: ReadFormOptions = {}): Promise<ReadForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
      throw new AppError('VALIDATION', 'The request body must be a form or a JSON object');
    }
    return { fields: { ...(body as Record<string, unknown> | undefined) } };
  }
  const app = request.server;
  const fields: Record<string, unknown> = {};
  let file: FormFile | undefined;
  const maxBytes = options.maxBytes ?? app.config.uploadMaxBytes;
  // A larger per-form limit also raises the parser's backstop (it bounds the drain after a 413).
  const parts = options.maxBytes ? request.parts({ limits: { fileSize: maxBytes * 2 } }) : request.parts();
  try {
    for (;;) {
      // Everything the parser throws is about the request's bytes: the client's fault.
      const next = await parts.next().catch((err: unknown) => Promise.reject(asClientError(err)));
      if (next.done) break;
      const part = next.value;
      if (typeof part.fieldname !== 'string' || part.fieldname === '') {
        if (part.type === 'file') part.file.resume(); // keep the parser moving so the answer goes out
        throw malformed('Every part of the form needs a name');
      }
      if (part.type === 'field') {
        // The parser cuts values over MAX_FIELD_BYTES short: refuse rather than keep a cut text.
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw new AppError('PAYLOAD_TOO_LARGE', 'A form field is too long', { [part.fieldname]: `At most ${MAX_FIELD_BYTES / 1024} kB` });
        }
        if (!Object.hasOwn(fields, part.fieldname)) fields[part.fieldname] = part.value;
        continue;
      }
      if (!part.filename && part.fieldname === options.fileField) {
        part.file.resume(); // an empty file input
        continue;
      }
      if (part.fieldname !== options.fileField || file) {
        part.file.resume();
        const message = options.fileField ? `Only one file, in the field "${options.fileField}", is accepted` : 'This form takes no files';
        throw new AppError('VALIDATION', message, { [part.fieldname]: message });
      }
      const upload = await receiveUpload(part.file, {
        maxBytes,
        allowed: options.allowed ?? 'image',
        use: options.use,
        dir: app.uploadTempDir,
      });
      file = { ...upload, fieldName: part.fieldname, originalName: safeDisplayName(part.filename) };
    }
  } catch (err) {
    await file?.cleanup();
    throw err;
  } finally {
    await parts.return?.(undefined).catch(() => {});
  }
  return { fields, file };
}

async function discard(form: ReadForm | undefined) {
  await form?.file?.cleanup();
}

/**
 * The one way a route takes a form: read it, validate its fields with `schema`, run `handle`,
 * and always remove the temporary upload, whatever happened.
 */
export async function withForm<S extends z.ZodType, T>(
  request: FastifyRequest,
  options: ReadFormOptions,
  schema: S,
  handle: (input: z.infer<S>, file: FormFile | undefined) => Promise<T>,
): Promise<T> {
  let form: ReadForm | undefined;
  try {
    form = await readForm(request, options);
    return await handle(parseFields(schema, form.fields), form.file);
  } finally {
    await discard(form);
  }
}

const malformed = (message = 'The form is malformed or was cut off') => new AppError('VALIDATION', message);

/**
 * A failure of the multipart parser as the contract's error: its limits as 413/400, anything
 * else it reports (no boundary, "Unexpected end of multipart data", a part cut off, the client
 * going away) as a 400 "malformed".
 */
function asClientError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than the upload limit.');
  if (code === 'FST_FILES_LIMIT') return new AppError('VALIDATION', 'Only one file is accepted');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return new AppError('VALIDATION', 'The form has too many fields');
  if (typeof code === 'string' && code.startsWith('FST_') && (err as { statusCode?: number }).statusCode === 413) {
    return new AppError('PAYLOAD_TOO_LARGE', 'The form is too large.');
  }
  return malformed();
}

/** zod-parses form fields; failures become 400 with fieldErrors keyed by field name. */
function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.infer<S> {
  assertSafeInput(fields, 'form');
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || 'form';
    if (!(key in fieldErrors)) fieldErrors[key] = issue.message;
  }
  throw new AppError('VALIDATION', undefined, fieldErrors);
}

/**
 * Moves an inspected (and so re-encoded: see receiveUpload) image into storage under a fresh key `<folder>/yyyy/mm/<uuid>.<ext>`, with a
 * WebP thumbnail beside it. Returns the key; on failure nothing is left in storage.
 */
export async function storeImage(app: FastifyInstance, file: FormFile, folder: StorageFolder): Promise<string> {
  const key = newStorageKey(folder, file.ext, app.clock.now());
  try {
    await app.storage.put(key, createReadStream(file.path), { contentType: file.mime });
    await app.storage.put(thumbnailKeyFor(key), await makeThumbnail({ path: file.path }, { maxPixels: file.maxPixels }), {
      contentType: 'image/webp',
    });
    return key;
  } catch (err) {
    await app.storage.delete(key).catch(() => {});
    await app.storage.delete(thumbnailKeyFor(key)).catch(() => {});
    throw err;
  }
}
