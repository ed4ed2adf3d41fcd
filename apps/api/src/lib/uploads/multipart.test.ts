// The upload pieces wired the way a route would use them, through a real Fastify +
// @fastify/multipart instance (test-only; the app's own routes live elsewhere).
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import errorsPlugin from '../../plugins/errors.js';
import { AppError } from '../app-error.js';
import { LocalDiskStorage, newStorageKey, normaliseStoredPath, thumbnailKeyFor } from '../storage/index.js';
import { UploadRejected, makeThumbnail, receiveUpload, safeDisplayName, storedFileHeaders } from './index.js';

const MAX_BYTES = 64 * 1024;
let dir: string;
let tmp: string;
let storage: LocalDiskStorage;
let app: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'multipart-test-'));
  tmp = path.join(dir, 'tmp');
  storage = new LocalDiskStorage(path.join(dir, 'storage'));
  await storage.init();
  await (await import('node:fs/promises')).mkdir(tmp);

  app = Fastify();
  // The plugin's own limit is a backstop well above ours: it bounds how much is drained after a 413.
  await app.register(multipart, { limits: { fileSize: 8 * MAX_BYTES, files: 1 } });
  await app.register(errorsPlugin); // the API's real error handler (apps/api/src/plugins/errors.ts)

  app.post<{ Querystring: { pluginLimit?: string } }>('/profile-image', async (req) => {
    const pluginLimit = Number(req.query.pluginLimit) || undefined;
    const part = await req.file(pluginLimit ? { limits: { fileSize: pluginLimit } } : undefined);
    if (!part) throw Object.assign(new Error('No file'), { statusCode: 400 });
    const upload = await receiveUpload(part.file, { maxBytes: MAX_BYTES, allowed: 'image', dir: tmp });
    try {
      const key = newStorageKey('profile', upload.ext);
      await storage.put(key, createReadStream(upload.path), { contentType: upload.mime });
      await storage.put(thumbnailKeyFor(key), await makeThumbnail({ path: upload.path }), { contentType: 'image/webp' });
      return { key, name: safeDisplayName(part.filename), width: upload.width, height: upload.height };
    } finally {
      await upload.cleanup();
    }
  });

  app.get<{ Querystring: { key: string; name: string } }>('/files', async (req, reply) => {
    const file = await storage.get(normaliseStoredPath(req.query.key));
    if (!file) return reply.code(404).send({ success: false, message: 'Not found', code: 'NOT_FOUND' });
    reply.headers(storedFileHeaders({ ...file, name: req.query.name, disposition: 'inline' }));
    return reply.send(file.stream);
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

function form(content: Buffer, filename: string, type = 'image/png'): FormData {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(content)], { type }), filename);
  return fd;
}
const post = (fd: FormData, query = '') => fetch(`${baseUrl}/profile-image${query}`, { method: 'POST', body: fd });
const storedKeys = async () => (await readdir(path.join(dir, 'storage'), { recursive: true })).filter((f) => !f.startsWith('.'));

describe('profile image upload through @fastify/multipart', () => {
  it('stores a valid PNG under a server-generated key, whatever the client called it, and serves it safely', async () => {
    const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#abcdef' } })
      .png()
      .toBuffer();
    const res = await post(form(png, '../../etc/evil name.png', 'text/html'));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { key: string; name: string; width: number; height: number };
    expect(body.key).toMatch(/^profile\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(body).toMatchObject({ name: 'evil name.png', width: 600, height: 300 });
    expect(await readdir(tmp)).toEqual([]);

    const got = await fetch(
      `${baseUrl}/files?key=${encodeURIComponent(body.key.replace(/\//g, '\\'))}&name=${encodeURIComponent(body.name)}`,
    );
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-disposition')).toBe('inline; filename="evil name.png"');
    expect(Buffer.from(await got.arrayBuffer()).equals(png)).toBe(true);

    const thumb = await storage.get(thumbnailKeyFor(body.key));
    const meta = await sharp(Buffer.concat(await thumb!.stream.toArray())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 128]);
  });

  it('answers 413 for an oversize file (streamed, 2 MB) and leaves nothing behind', async () => {
    const before = await storedKeys();
    const res = await post(form(Buffer.alloc(2 * 1024 * 1024, 1), 'big.png'));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, code: 'PAYLOAD_TOO_LARGE', message: 'The file is larger than the 64 KB limit.' });
    expect(await readdir(tmp)).toEqual([]);
    expect(await storedKeys()).toEqual(before);
  });

  it('answers 413 when the multipart plugin itself cuts the file off', async () => {
    // The plugin's limit (1000 bytes) is below ours here, so busboy truncates first.
    const res = await post(form(Buffer.alloc(5000, 1), 'huge.png'), '?pluginLimit=1000');
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await readdir(tmp)).toEqual([]);
  });

  it.each([
    ['text named .png', Buffer.from('just text, no picture'), 'photo.png'],
    ['an HTML page', Buffer.from('<html><script>alert(1)</script></html>'), 'x.html'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'x.svg'],
  ])('answers 415 for %s and leaves nothing behind', async (_n, content, name) => {
    const before = await storedKeys();
    const res = await post(form(content, name));
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({
      success: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.stringMatching(/expected an image|SVG/),
    });
    expect(await readdir(tmp)).toEqual([]);
    expect(await storedKeys()).toEqual(before);
  });

  it('keeps serving after a rejected upload (the connection is not left stalled)', async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    expect((await post(form(png, 'ok.png'))).status).toBe(200);
  });

  it('UploadRejected is an AppError carrying the contract code and status', () => {
    const err = new UploadRejected('UNSUPPORTED_MEDIA_TYPE', 'no');
    expect(err).toBeInstanceOf(AppError);
    expect([err.code, err.statusCode, err.message]).toEqual(['UNSUPPORTED_MEDIA_TYPE', 415, 'no']);
    expect(new UploadRejected('PAYLOAD_TOO_LARGE', 'big').statusCode).toBe(413);
  });
});
