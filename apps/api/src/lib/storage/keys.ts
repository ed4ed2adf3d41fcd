import { createHash, randomUUID } from 'node:crypto';
import { InvalidStorageKey } from './types.js';

/** Top-level folders of the store; each kind of upload lives under its own. */
const STORAGE_FOLDERS = ['profile', 'companies', 'clients', 'media', 'bulk-uploads'] as const;
export type StorageFolder = (typeof STORAGE_FOLDERS)[number];

const MAX_KEY_LENGTH = 1024; // Azure's blob-name limit; far above what we generate
const EXTENSION = /^[a-z0-9]{1,10}$/;

/** An extension fit for a key: lower case, no dot, 1-10 of a-z 0-9. */
function keyExt(ext: string): string {
  const clean = ext.replace(/^\./, '').toLowerCase();
  if (!EXTENSION.test(clean)) throw new InvalidStorageKey(`bad extension ${JSON.stringify(ext)}`);
  return clean;
}

/**
 * A fresh server-side key `<folder>/<yyyy>/<mm>/<uuid>.<ext>` (UTC date). The client's file name
 * never reaches a key; keep it (via `safeDisplayName`) in the database for Content-Disposition.
 */
export function newStorageKey(folder: StorageFolder, ext: string, now: Date = new Date()): string {
  if (!(STORAGE_FOLDERS as readonly string[]).includes(folder)) {
    throw new InvalidStorageKey(`unknown folder ${JSON.stringify(folder)}`);
  }
  const cleanExt = keyExt(ext);
  const yyyy = String(now.getUTCFullYear());
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${folder}/${yyyy}/${mm}/${randomUUID()}.${cleanExt}`;
}

/**
 * Key of a bulk-uploaded media item: `media/bulk/<uploadId>/<digest>.<ext>`. It must be the same
 * on every run of the job (a replay after a crash overwrites what the cut-off run wrote instead
 * of leaking a copy), and no one may guess it from the upload id and the item's position (GET
 * /files also checks the owner, but a key is never the only lock). So the name is a digest of the
 * part's own storage key, which holds a random UUID and is never shown, and the position.
 */
export function bulkItemKey(upload: { id: number; storageKey: string | null }, position: number, ext: string): string {
  if (!upload.storageKey) throw new InvalidStorageKey('the upload has no stored part');
  const cleanExt = keyExt(ext);
  const digest = createHash('sha256').update(`${upload.storageKey}\n${position}`).digest('hex').slice(0, 32);
  return `media/bulk/${upload.id}/${digest}.${cleanExt}`;
}

/**
 * Spec s.3: stored image paths may use backslashes; turn them into slashes and drop leading
 * slashes so the path is relative to the container. It does NOT make a path safe: pass the
 * result to the storage, which validates it (`..`, NUL, ... are refused there).
 */
export function normaliseStoredPath(p: string): string {
  return p.replace(/\\/g, '/').replace(/^\/+/, '');
}

/**
 * Key of a user's profile image from the stored `profile` path (spec s.3: read from the
 * container under the profile folder, backslashes turned into slashes). Accepts both
 * `profile/2025/01/x.png` (what `newStorageKey('profile', ...)` makes) and a bare legacy
 * `2025\\01\\x.png`, which is looked up under `profile/`. Validated like any key.
 */
export function profileImageKey(storedPath: string): string {
  const p = normaliseStoredPath(storedPath);
  const key = p.startsWith('profile/') ? p : `profile/${p}`;
  assertValidKey(key);
  return key;
}

/**
 * Throws `InvalidStorageKey` unless `key` is a plain relative path: non-empty `/`-separated
 * segments, no `.`/`..`, no segment starting with a dot (the local driver keeps its temp and
 * metadata files under dot-folders), no backslash, colon, NUL or other control character.
 */
export function assertValidKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidStorageKey('empty');
  if (key.length > MAX_KEY_LENGTH) throw new InvalidStorageKey('too long');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this regex's purpose
  if (/[\u0000-\u001f\u007f-\u009f]/.test(key)) throw new InvalidStorageKey('control character');
  if (key.includes('\\')) throw new InvalidStorageKey('backslash (normalise the path first)');
  if (key.includes(':')) throw new InvalidStorageKey('colon');
  if (key.startsWith('/')) throw new InvalidStorageKey('absolute path');
  for (const segment of key.split('/')) {
    if (segment === '') throw new InvalidStorageKey('empty path segment');
    if (segment.startsWith('.')) throw new InvalidStorageKey('segment starting with a dot');
    if (segment.endsWith('.') || segment.endsWith(' ') || segment.startsWith(' ')) {
      throw new InvalidStorageKey('segment ending with a dot or padded with spaces');
    }
  }
}

/** Lower-case extension of a key without the dot ('' when none). */
export function keyExtension(key: string): string {
  const last = key.slice(key.lastIndexOf('/') + 1);
  const dot = last.lastIndexOf('.');
  return dot > 0 ? last.slice(dot + 1).toLowerCase() : '';
}

/** Key of the thumbnail that belongs to `key`: same folder, `<name>.thumb.webp`. */
export function thumbnailKeyFor(key: string): string {
  assertValidKey(key);
  const slash = key.lastIndexOf('/');
  const name = key.slice(slash + 1);
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  return `${key.slice(0, slash + 1)}${base}.thumb.webp`;
}
