import type { Readable } from 'node:stream';
import { inspectUpload, type InspectedUpload, type InspectOptions } from './inspect.js';
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
 */
export async function receiveUpload(source: Readable, options: ReceiveOptions): Promise<ReceivedUpload> {
  const temp = await streamToTempFile(source, { maxBytes: options.maxBytes, dir: options.dir });
  try {
    const info = await inspectUpload({ path: temp.path }, options);
    return { ...info, path: temp.path, cleanup: temp.cleanup };
  } catch (err) {
    await temp.cleanup();
    throw err;
  }
}
