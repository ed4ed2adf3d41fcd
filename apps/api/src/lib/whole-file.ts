import { ReadStream } from 'node:fs';
import type { Readable } from 'node:stream';

/**
 * The path of a stream that is an untouched `fs.createReadStream(path)` of a whole file (nothing
 * read yet, no start or end), else null. Whoever would pipe such a stream into another file can
 * let the kernel copy it instead (copyFile: copy_file_range or a reflink), which moves no byte
 * through this process: a 1 GB upload then costs neither CPU here nor a gigabyte of 64 kB
 * buffers for the garbage collector.
 */
export function wholeFilePath(stream: Readable): string | null {
  if (!(stream instanceof ReadStream)) return null;
  const s = stream as ReadStream & { start?: number; end?: number };
  const whole = s.bytesRead === 0 && (s.start === undefined || s.start === 0) && (s.end === undefined || s.end === Infinity);
  return whole && typeof s.path === 'string' && !s.destroyed && s.readableFlowing === null ? s.path : null;
}
