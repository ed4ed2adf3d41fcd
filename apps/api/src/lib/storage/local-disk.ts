import { randomUUID } from 'node:crypto';
import { constants, createReadStream, createWriteStream, type Stats } from 'node:fs';
import { chmod, copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { wholeFilePath } from '../whole-file.js';
import { assertValidKey, keyExtension } from './keys.js';
import { resolveRange } from './range.js';
import { type GetOptions, InvalidStorageKey, type FileStorage, type PutOptions, type PutResult, type StoredObject } from './types.js';

const TMP_DIR = '.tmp';
const META_DIR = '.meta';

/** Content types for objects written without metadata (e.g. copied in by hand). */
const TYPE_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  csv: 'text/csv',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

/**
 * Files under one root directory (DATA_DIR/storage). Objects are written to `<root>/.tmp` and
 * renamed into place, so a reader sees the old or the new file, never a partial one; the
 * content type is kept in a sidecar under `<root>/.meta`. Keys never reach dot-folders
 * (`assertValidKey` refuses segments that start with a dot).
 */
export class LocalDiskStorage implements FileStorage {
  readonly root: string;

  constructor(rootDir: string) {
    if (!rootDir) throw new Error('LocalDiskStorage needs a root directory');
    this.root = path.resolve(rootDir);
  }

  async init(): Promise<void> {
    await mkdir(path.join(this.root, TMP_DIR), { recursive: true, mode: 0o700 });
    await mkdir(path.join(this.root, META_DIR), { recursive: true, mode: 0o700 });
  }

  /** Absolute path of a key, after checking it stays inside the root (belt and braces). */
  private resolve(key: string, base = this.root): string {
    assertValidKey(key);
    const full = path.resolve(base, ...key.split('/'));
    const rel = path.relative(base, full);
    if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) throw new InvalidStorageKey('escapes the root');
    return full;
  }

  private metaPath(key: string): string {
    return `${this.resolve(key, path.join(this.root, META_DIR))}.json`;
  }

  async put(key: string, data: Readable | Buffer, options: PutOptions): Promise<PutResult> {
    const target = this.resolve(key);
    const metaTarget = this.metaPath(key);
    await this.init();
    const tmp = path.join(this.root, TMP_DIR, `${randomUUID()}.part`);
    const tmpMeta = `${tmp}.json`;
    let size = 0;
    try {
      const source = Buffer.isBuffer(data) ? null : wholeFilePath(data);
      if (Buffer.isBuffer(data)) {
        await writeFile(tmp, data, { flag: 'wx', mode: 0o600 });
        size = data.length;
      } else if (source) {
        data.destroy(); // never read: the kernel copies the file
        await copyFile(source, tmp, constants.COPYFILE_EXCL);
        await chmod(tmp, 0o600);
        size = (await stat(tmp)).size;
      } else {
        const counter = new Transform({
          transform(chunk: Buffer, _enc, cb) {
            size += chunk.length;
            cb(null, chunk);
          },
        });
        await pipeline(data, counter, createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
      }
      await writeFile(tmpMeta, JSON.stringify({ contentType: options.contentType }), { flag: 'wx', mode: 0o600 });
      await mkdir(path.dirname(target), { recursive: true });
      await mkdir(path.dirname(metaTarget), { recursive: true });
      // Metadata first: a reader racing an overwrite may see new metadata with old bytes for a
      // moment, which is harmless because overwrites keep the key's extension and type.
      await rename(tmpMeta, metaTarget);
      await rename(tmp, target);
      return { key, size };
    } catch (err) {
      await Promise.all([rm(tmp, { force: true }), rm(tmpMeta, { force: true })]);
      throw err;
    }
  }

  async get(key: string, options: GetOptions = {}): Promise<StoredObject | null> {
    const file = this.resolve(key);
    let info: Stats;
    try {
      info = await stat(file);
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
    if (!info.isFile()) return null;
    const range = options.range ? resolveRange(options.range, info.size) : undefined;
    return {
      stream: range === null ? Readable.from([]) : createReadStream(file, range ?? {}),
      size: info.size,
      ...(options.range ? { range } : {}),
      contentType: await this.readContentType(key),
      lastModified: info.mtime,
    };
  }

  private async readContentType(key: string): Promise<string> {
    try {
      const meta = JSON.parse(await readFile(this.metaPath(key), 'utf8')) as { contentType?: unknown };
      if (typeof meta.contentType === 'string' && meta.contentType) return meta.contentType;
    } catch (err) {
      if (!isNotFound(err) && !(err instanceof SyntaxError)) throw err;
    }
    return TYPE_BY_EXTENSION[keyExtension(key)] ?? 'application/octet-stream';
  }

  async delete(key: string): Promise<boolean> {
    const file = this.resolve(key);
    const existed = await this.exists(key);
    await rm(file, { force: true });
    await rm(this.metaPath(key), { force: true });
    return existed;
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.resolve(key))).isFile();
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }
}

function isNotFound(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
