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
 * streamToTempFile + inspectUpload in one step: an accepted upload comes back as a temp file
 * with its real type; a refused one (413/415 UploadRejected, or any error) leaves no file.
 * A raster image is re-encoded in place (reencodeImage: no metadata, no trailing bytes, upright),
 * so what is stored and served is never the client's bytes; `size` is the re-encoded size.
 */
export async function receiveUpload(source: Readable, options: ReceiveOptions): Promise<ReceivedUpload> {
  const temp = await streamToTempFile(source, { maxBytes: options.maxBytes, dir: options.dir });
  try {
    // Every accepted image type can be re-encoded, and re-encoding decodes it: no separate decode.
    const info = await inspectUpload({ path: temp.path }, { ...options, decode: false });
    if (info.width !== undefined && canReencode(info.mime)) {
      info.size = await reencodeImage(temp.path, info.mime, pixelLimit(options));
    }
    return { ...info, path: temp.path, cleanup: temp.cleanup };
  } catch (err) {
    await temp.cleanup();
    throw err;
  }
}
