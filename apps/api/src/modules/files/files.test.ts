import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { clients, companies, media } from '../../db/schema/index.js';
import { AzureBlobStorage, LocalDiskStorage } from '../../lib/storage/index.js';
import { startAzurite, type RunningAzurite } from '../../lib/storage/testing/azurite.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { multipart, png } from '../users/users.testing.js';
import { fileKeyFromPath } from './files.routes.js';

describe('storage configuration', () => {
  it('defaults to the local driver and a 5 MB upload limit', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      storageDriver: 'local',
      azureStorageConnectionString: undefined,
      azureStorageContainer: 'console-files',
      uploadMaxBytes: 5 * 1024 * 1024,
    });
  });

  it('uses Azure when a connection string is set, unless STORAGE_DRIVER says local', () => {
    const env = {
      AZURE_STORAGE_CONNECTION_STRING: 'UseDevelopmentStorage=true',
      AZURE_STORAGE_CONTAINER: 'media-files',
      UPLOAD_MAX_BYTES: '1048576',
    };
    expect(loadConfig(env)).toMatchObject({ storageDriver: 'azure', azureStorageContainer: 'media-files', uploadMaxBytes: 1048576 });
    expect(loadConfig({ ...env, STORAGE_DRIVER: 'local' }).storageDriver).toBe('local');
  });

  it('fails start with a clear message on a bad storage configuration', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 'azure' })).toThrow(/AZURE_STORAGE_CONNECTION_STRING: required/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(ConfigError);
    expect(() => loadConfig({ AZURE_STORAGE_CONTAINER: 'Bad_Name' })).toThrow(/AZURE_STORAGE_CONTAINER/);
    expect(() => loadConfig({ UPLOAD_MAX_BYTES: 'lots' })).toThrow(/UPLOAD_MAX_BYTES/);
  });
});

describe('file keys from the /files path', () => {
  it('turns backslashes into slashes (spec s.3) and refuses traversal', () => {
    expect(fileKeyFromPath('profile\\2025\\01\\a.png')).toBe('profile/2025/01/a.png');
    expect(fileKeyFromPath('/profile/a.png')).toBe('profile/a.png');
    for (const bad of ['profile/../x', 'profile/./x', 'profile//x', 'profile/.hidden', 'c:/x', 'profile/a\u0000.png']) {
      expect(() => fileKeyFromPath(bad)).toThrow(expect.objectContaining({ statusCode: 400, code: 'VALIDATION' }));
    }
  });
});

describe('GET /files on the local driver', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('serves a profile image to its user and to users.view holders; 401 without a session; 404 for unknown keys', async () => {
    expect(t.app.storage).toBeInstanceOf(LocalDiskStorage);
    const manager = await t.login('manager');
    const up = await t.as(manager, {
      method: 'PATCH',
      url: `/api/about/update/${manager.userId}`,
      ...multipart({ firstname: 'Maria', lastname: 'Manager', primaryColor: '#143f6f', secondaryColor: '#0d97fd' }, [
        { name: 'profile', filename: 'me.png', content: await png() },
      ]),
    });
    const key = up.json().data.profile as string;
    const admin = await t.login('admin');
    const res = await t.as(admin, { url: `/api/files/${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-cache',
    });
    // A legacy path with backslashes (spec s.3) reaches the same file.
    expect((await t.as(manager, { url: `/api/files/${key.replace(/\//g, '%5C')}` })).statusCode).toBe(200);
    expect((await t.inject({ url: `/api/files/${key}` })).statusCode).toBe(401);
    // A user who may not see the manager's row learns nothing: the same 404 as a missing file.
    const guest = await t.login('guest');
    expect((await t.as(guest, { url: `/api/files/${key}` })).statusCode).toBe(404);
    expect((await t.as(admin, { url: '/api/files/profile/2024/01/missing.png' })).statusCode).toBe(404);
  });
});

/** A stored audio file with the demo media row that owns it (GET /files serves only owned files). */
async function ownedAudio(t: TestApp, key: string, bytes: Buffer) {
  await t.app.storage.put(key, bytes, { contentType: 'audio/mpeg' });
  const [company] = await t.app.db
    .insert(companies)
    .values({ name: `Files ${key}` })
    .returning();
  const [client] = await t.app.db.insert(clients).values({ name: 'Files', companyId: company!.id, type: 'demo' }).returning();
  await t.app.db.insert(media).values({
    kind: 'demo',
    clientId: client!.id,
    title: 'clip',
    mediaType: 'audio',
    file: key,
    mimeType: 'audio/mpeg',
    size: bytes.length,
  });
}

/** GET /api/files with Range headers against whatever driver `t` runs on. */
async function checkRanges(t: TestApp) {
  // The manager holds demo-media.view.
  const session = await t.login('manager');
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
  const key = `media/2026/01/range-${Date.now()}.mp3`;
  await ownedAudio(t, key, bytes);
  const get = (range?: string, extra: Record<string, string> = {}) =>
    t.as(session, { url: `/api/files/${key}`, headers: { ...(range ? { range } : {}), ...extra } });

  const whole = await get();
  expect(whole.statusCode).toBe(200);
  expect(whole.headers).toMatchObject({ 'accept-ranges': 'bytes', 'content-length': '1000', 'content-type': 'audio/mpeg' });
  expect(whole.rawPayload.equals(bytes)).toBe(true);

  const cases: [string, number, number][] = [
    ['bytes=0-99', 0, 99],
    ['bytes=900-', 900, 999],
    ['bytes=-10', 990, 999],
    ['bytes=990-5000', 990, 999],
    ['bytes=-5000', 0, 999],
  ];
  for (const [range, start, end] of cases) {
    const res = await get(range);
    expect(res.statusCode, range).toBe(206);
    expect(res.headers['content-range'], range).toBe(`bytes ${start}-${end}/1000`);
    expect(res.headers['content-length'], range).toBe(String(end - start + 1));
    expect(res.rawPayload.equals(bytes.subarray(start, end + 1)), range).toBe(true);
  }

  for (const range of ['bytes=1000-', 'bytes=5000-6000', 'bytes=-0']) {
    const res = await get(range);
    expect(res.statusCode, range).toBe(416);
    expect(res.headers['content-range'], range).toBe('bytes */1000');
    expect(res.json(), range).toMatchObject({ success: false, code: 'RANGE_NOT_SATISFIABLE' });
  }
  // Ignored (the whole file): several ranges, other units, garbage, a reversed range, If-Range.
  for (const [range, extra] of [
    ['bytes=0-1,5-6', {}],
    ['items=0-1', {}],
    ['bytes=abc', {}],
    ['bytes=9-2', {}],
    ['bytes=0-1', { 'if-range': 'x' }],
  ] as const) {
    const res = await get(range, extra);
    expect(res.statusCode, range).toBe(200);
    expect(res.rawPayload.length, range).toBe(1000);
  }
  expect((await t.as(session, { url: '/api/files/media/2026/01/missing.mp3', headers: { range: 'bytes=0-1' } })).statusCode).toBe(404);
}

describe('GET /files with HTTP Range (local driver)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers 206 with Content-Range, 416 when no byte is in range, and the whole file when the range must be ignored', () =>
    checkRanges(t));

  it('a media element streams with the session of the userDetails cookie; other routes and methods ignore that cookie', async () => {
    const session = await t.login('manager');
    const key = `media/2026/01/cookie-${Date.now()}.mp3`;
    await ownedAudio(t, key, Buffer.alloc(2000, 3));
    const cookie = (token: string) => `userDetails=${encodeURIComponent(JSON.stringify({ accessToken: token, user: { id: 1 } }))}`;
    const streamed = await t.inject({ url: `/api/files/${key}`, headers: { cookie: cookie(session.token), range: 'bytes=100-199' } });
    expect(streamed.statusCode).toBe(206);
    expect(streamed.headers['content-range']).toBe('bytes 100-199/2000');
    for (const headers of [{}, { cookie: cookie('not-a-session') }, { cookie: 'userDetails=%7Bbroken' }, { cookie: cookie('') }]) {
      expect((await t.inject({ url: `/api/files/${key}`, headers })).statusCode, JSON.stringify(headers)).toBe(401);
    }
    // Only the file route takes it: an API call with the cookie alone is not signed in.
    expect((await t.inject({ url: '/api/modules', headers: { cookie: cookie(session.token) } })).statusCode).toBe(401);
    // A session ended by logout no longer streams.
    await t.as(session, { method: 'POST', url: '/api/auth/logout' });
    expect((await t.inject({ url: `/api/files/${key}`, headers: { cookie: cookie(session.token) } })).statusCode).toBe(401);
  });
});

describe('Azure Blob driver (Azurite)', () => {
  let azurite: RunningAzurite;
  let t: TestApp;
  beforeAll(async () => {
    azurite = await startAzurite();
    t = await createTestApp({
      storageDriver: 'azure',
      azureStorageConnectionString: azurite.connectionString,
      azureStorageContainer: 'console-test',
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await azurite?.stop();
  });

  it('an uploaded logo is stored in the container and served back (re-encoded, same pixels), with its thumbnail; replaced files are deleted', async () => {
    expect(t.app.storage).toBeInstanceOf(AzureBlobStorage);
    const admin = await t.login('admin');
    const image = await png(320, 160, '#123456');
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/companies/add',
      ...multipart({ name: 'Azure Co' }, [{ name: 'logo', filename: 'azure.png', content: image }]),
    });
    expect(res.statusCode).toBe(200);
    const key = res.json().logo as string;
    expect(await t.app.storage.exists(key)).toBe(true);
    const served = await t.as(admin, { url: `/api/files/${key}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    // Stored re-encoded (no metadata, nothing after the image data): the same pixels, not the same bytes.
    const pixels = (b: Buffer) => sharp(b).raw().toBuffer();
    expect((await pixels(served.rawPayload)).equals(await pixels(image))).toBe(true);
    const thumb = await t.as(admin, { url: `/api/files/${key}?thumb=1` });
    expect(thumb.headers['content-type']).toBe('image/webp');

    const id = res.json().data.id as number;
    const replaced = await t.as(admin, {
      method: 'PATCH',
      url: `/api/companies/update/${id}`,
      ...multipart({ name: 'Azure Co' }, [{ name: 'logo', filename: 'b.png', content: await png(10, 10) }]),
    });
    expect(replaced.statusCode).toBe(200);
    expect(await t.app.storage.exists(key)).toBe(false);
    expect(await t.app.storage.exists(replaced.json().logo)).toBe(true);
  });

  it('answers Range requests from the container (206, 416)', () => checkRanges(t));
});
