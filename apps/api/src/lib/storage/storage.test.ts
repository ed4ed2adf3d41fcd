import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AzureBlobStorage,
  InvalidStorageKey,
  LocalDiskStorage,
  assertValidKey,
  createStorage,
  newStorageKey,
  normaliseStoredPath,
  profileImageKey,
  thumbnailKeyFor,
  type FileStorage,
} from './index.js';
import { startAzurite, type RunningAzurite } from './testing/azurite.js';

const PATH_TRICKS = ['../x', '/etc/passwd', 'a\\..\\b', 'a/\u0000b', 'profile/../../x', 'a//b', './a', 'C:/x', 'a/', '', 'a/.hidden'];

function contract(name: string, setup: () => Promise<{ storage: FileStorage; teardown: () => Promise<void> }>) {
  describe(`${name} storage`, () => {
    let storage: FileStorage;
    let teardown: () => Promise<void>;

    beforeAll(async () => {
      ({ storage, teardown } = await setup());
      await storage.init();
      await storage.init(); // idempotent
    });
    afterAll(async () => teardown?.());

    it('round-trips a buffer: put, exists, get, delete', async () => {
      const key = newStorageKey('profile', 'png');
      const put = await storage.put(key, Buffer.from('hello'), { contentType: 'image/png' });
      expect(put).toEqual({ key, size: 5 });
      expect(await storage.exists(key)).toBe(true);
      const got = await storage.get(key);
      expect(got).not.toBeNull();
      expect(got!.size).toBe(5);
      expect(got!.contentType).toBe('image/png');
      expect(await text(got!.stream)).toBe('hello');
      expect(await storage.delete(key)).toBe(true);
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.get(key)).toBeNull();
      expect(await storage.delete(key)).toBe(false);
    });

    it('round-trips a stream of several chunks', async () => {
      const key = newStorageKey('media', 'bin');
      const chunks = Array.from({ length: 50 }, (_, i) => Buffer.alloc(64 * 1024, i));
      const put = await storage.put(key, Readable.from(chunks), { contentType: 'application/octet-stream' });
      expect(put.size).toBe(50 * 64 * 1024);
      const got = await storage.get(key);
      const body = Buffer.concat(await got!.stream.toArray());
      expect(body.equals(Buffer.concat(chunks))).toBe(true);
      expect(got!.size).toBe(body.length);
    });

    it('overwrites an existing key', async () => {
      const key = newStorageKey('companies', 'csv');
      await storage.put(key, Buffer.from('first version'), { contentType: 'text/csv' });
      await storage.put(key, Buffer.from('second'), { contentType: 'text/plain' });
      const got = await storage.get(key);
      expect(await text(got!.stream)).toBe('second');
      expect(got!.size).toBe(6);
      expect(got!.contentType).toBe('text/plain');
    });

    it('answers null / false for a missing key', async () => {
      const key = newStorageKey('clients', 'png');
      expect(await storage.get(key)).toBeNull();
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.delete(key)).toBe(false);
    });

    it('reads a legacy profile path with backslashes once normalised (spec s.3)', async () => {
      await storage.put('profile/legacy/avatar.png', Buffer.from('img'), { contentType: 'image/png' });
      const got = await storage.get(normaliseStoredPath('\\profile\\legacy\\avatar.png'));
      expect(await text(got!.stream)).toBe('img');
    });

    it('does not leave the object half-written when the source stream fails', async () => {
      const key = newStorageKey('media', 'bin');
      async function* failing() {
        yield Buffer.alloc(1024, 1);
        throw new Error('client went away');
      }
      await expect(storage.put(key, Readable.from(failing()), { contentType: 'application/octet-stream' })).rejects.toThrow();
      expect(await storage.exists(key)).toBe(false);
    });

    it.each(PATH_TRICKS)('refuses the key %j on every operation', async (key) => {
      await expect(storage.put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(InvalidStorageKey);
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKey);
      await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidStorageKey);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKey);
    });
  });
}

contract('local disk', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'storage-test-'));
  const root = path.join(dir, 'storage');
  return { storage: createStorage({ driver: 'local', rootDir: root }), teardown: () => rm(dir, { recursive: true, force: true }) };
});

// One emulator for the whole file, started on a free port and stopped at the end.
let azurite: RunningAzurite | undefined;
beforeAll(async () => {
  azurite = await startAzurite();
});
afterAll(async () => azurite?.stop());

contract('Azure Blob (Azurite)', async () => {
  const storage = createStorage({ driver: 'azure', connectionString: azurite!.connectionString, container: 'test-files' });
  return { storage, teardown: async () => {} };
});

describe('local disk specifics', () => {
  it('writes nothing outside its root and keeps temp files out of sight', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'storage-test-'));
    try {
      const storage = new LocalDiskStorage(path.join(dir, 'storage'));
      const key = newStorageKey('profile', 'png');
      await storage.put(key, Buffer.from('x'), { contentType: 'image/png' });
      await expect(storage.put('../escape.txt', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow();
      expect(await readdir(dir)).toEqual(['storage']);
      expect(await readdir(path.join(dir, 'storage', '.tmp'))).toEqual([]);
      expect((await readdir(path.join(dir, 'storage'))).sort()).toEqual(['.meta', '.tmp', 'profile']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('stores an unread file read stream by a kernel copy, and any other stream by reading it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'storage-test-'));
    try {
      const storage = new LocalDiskStorage(path.join(dir, 'storage'));
      const src = path.join(dir, 'source.bin');
      await writeFile(src, Buffer.from('0123456789'));
      const whole = createReadStream(src);
      expect(await storage.put('media/a.bin', whole, { contentType: 'application/octet-stream' })).toEqual({
        key: 'media/a.bin',
        size: 10,
      });
      expect(whole.bytesRead).toBe(0);
      expect(await text((await storage.get('media/a.bin'))!.stream)).toBe('0123456789');
      expect(await storage.put('media/b.bin', createReadStream(src, { start: 4 }), { contentType: 'application/octet-stream' })).toEqual({
        key: 'media/b.bin',
        size: 6,
      });
      expect(await text((await storage.get('media/b.bin'))!.stream)).toBe('456789');
      expect(await readdir(path.join(dir, 'storage', '.tmp'))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('guesses the content type from the extension when no metadata exists', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'storage-test-'));
    try {
      const storage = new LocalDiskStorage(dir);
      await storage.put('profile/a.jpg', Buffer.from('x'), { contentType: 'image/jpeg' });
      await rm(path.join(dir, '.meta'), { recursive: true });
      expect((await storage.get('profile/a.jpg'))!.contentType).toBe('image/jpeg');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('Azure Blob specifics', () => {
  it('creates a private container', async () => {
    const storage = new AzureBlobStorage({ connectionString: azurite!.connectionString, container: 'private-check' });
    await storage.init();
    const props = await (await storage.containerClient()).getProperties();
    expect(props.blobPublicAccess).toBeUndefined();
  });

  it('refuses an invalid container name', () => {
    expect(() => new AzureBlobStorage({ connectionString: azurite!.connectionString, container: 'Bad_Name' })).toThrow();
  });
});

describe('keys', () => {
  it('newStorageKey makes <folder>/<yyyy>/<mm>/<uuid>.<ext>', () => {
    const key = newStorageKey('media', '.PNG', new Date(Date.UTC(2025, 0, 31, 23, 59)));
    expect(key).toMatch(/^media\/2025\/01\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.png$/);
    expect(newStorageKey('profile', 'jpg')).not.toBe(newStorageKey('profile', 'jpg'));
    expect(() => assertValidKey(key)).not.toThrow();
  });

  it('newStorageKey refuses unknown folders and odd extensions', () => {
    expect(() => newStorageKey('../etc' as never, 'png')).toThrow(InvalidStorageKey);
    expect(() => newStorageKey('profile', 'p/ng')).toThrow(InvalidStorageKey);
    expect(() => newStorageKey('profile', '')).toThrow(InvalidStorageKey);
  });

  it('normaliseStoredPath turns backslashes into slashes and strips leading slashes', () => {
    expect(normaliseStoredPath('profile\\2025\\01\\a.png')).toBe('profile/2025/01/a.png');
    expect(normaliseStoredPath('\\\\profile\\a.png')).toBe('profile/a.png');
    expect(normaliseStoredPath('///profile/a.png')).toBe('profile/a.png');
    expect(normaliseStoredPath('profile/a.png')).toBe('profile/a.png');
    // Normalising does not make a path safe; the storage still refuses it.
    expect(() => assertValidKey(normaliseStoredPath('a\\..\\b'))).toThrow(InvalidStorageKey);
  });

  it('profileImageKey reads profile images under the profile folder', () => {
    expect(profileImageKey('profile\\2025\\01\\a.png')).toBe('profile/2025/01/a.png');
    expect(profileImageKey('\\a.png')).toBe('profile/a.png');
    expect(profileImageKey('/profile/a.png')).toBe('profile/a.png');
    expect(() => profileImageKey('..\\..\\secret.png')).toThrow(InvalidStorageKey);
  });

  it('thumbnailKeyFor derives a sibling webp key', () => {
    expect(thumbnailKeyFor('media/2025/01/abc.png')).toBe('media/2025/01/abc.thumb.webp');
  });
});
