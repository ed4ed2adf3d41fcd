import type { Readable } from 'node:stream';
import { inspectUpload, type InspectedUpload, type InspectOptions, pixelLimit } from './inspect.js';
import { canReencode, reencodeImage } from './reencode.js';
import { streamToTempFile } from './temp-file.js';

export interface ReceiveOptions extends InspectOptions {
  /** Directory for the temp file (default the OS temp dir). */
  dir?: string;
}

export interface ReceivedUpload extends InspectedUpload {
  /** The temp file holding the upload; move it into storage, then call cleanup(). */
  path: string;
  cleanup(): Promise<void>;
}

/**
 * streamToTempFile + cleanUploadedFile in one step: an accepted upload comes back as a temp file
 * with its real type; a refused one (413/415 UploadRejected, or any error) leaves no file.
 */
export async function receiveUpload(source: Readable, options: ReceiveOptions): Promise<ReceivedUpload> {
  const temp = await streamToTempFile(source, { maxBytes: options.maxBytes, dir: options.dir });
  try {
    const info = await cleanUploadedFile(temp.path, options);
    return { ...info, path: temp.path, cleanup: temp.cleanup };
  } catch (err) {
    await temp.cleanup();
    throw err;
  }
}

/**
 * What every uploaded file goes through before it is stored, on every path (form fields, bulk
 * parts, archive entries): its type from the content (inspectUpload), and a raster image is
 * re-encoded in place (reencodeImage: no metadata, no trailing bytes, upright), so what is stored
 * and served is never the client's bytes; `size` is then the re-encoded size. Refusals are
 * UploadRejected (413/415); the caller removes the file.
 */
export async function cleanUploadedFile(path: string, options: InspectOptions): Promise<InspectedUpload> {
  // Every accepted image type can be re-encoded, and re-encoding decodes it: no separate decode.
  const info = await inspectUpload({ path }, { ...options, decode: false });
  if (info.width !== undefined && canReencode(info.mime)) {
    info.size = await reencodeImage(path, info.mime, pixelLimit(options));
  }
  return info;
}
