import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileStorage, LocalDiskStorage } from '../storage/index.js';
import { UploadRejected } from '../uploads/index.js';
import { findFfmpeg, probeMediaFile, storeMediaFile } from './index.js';
import { videoPoster } from './poster.js';
import { encodedVideo, mp3File, mp4File, wavFile, webmFile } from './testing.js';

let dir: string;
let storage: LocalDiskStorage;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'media-lib-'));
  storage = new LocalDiskStorage(path.join(dir, 'storage'));
  await storage.init();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function file(name: string, content: Buffer) {
  const p = path.join(dir, name);
  await writeFile(p, content);
  return { path: p, originalName: name };
}

const png = (w = 120, h = 80) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#0d97fd' } })
    .png()
    .toBuffer();

describe('probeMediaFile', () => {
  it('reads an image by content, whatever its name', async () => {
    const facts = await probeMediaFile(await file('photo.mp3', await png()));
    expect(facts).toMatchObject({ mediaType: 'image', mimeType: 'image/png', ext: 'png', width: 120, height: 80 });
  });

  it('times a WAV and an MP3', async () => {
    expect(await probeMediaFile(await file('a.wav', wavFile(1.5)))).toMatchObject({
      mediaType: 'audio',
      mimeType: 'audio/wav',
      durationSeconds: 1.5,
    });
    const mp3 = await probeMediaFile(await file('a.bin', mp3File(40)));
    expect(mp3).toMatchObject({ mediaType: 'audio', mimeType: 'audio/mpeg', ext: 'mp3' });
    expect(mp3.durationSeconds).toBeCloseTo((40 * 1152) / 44100, 2);
  });

  it('gives the duration and picture size of WebM and MP4 video', async () => {
    expect(await probeMediaFile(await file('v.webm', webmFile(2, 320, 240)))).toMatchObject({
      mediaType: 'video',
      mimeType: 'video/webm',
      width: 320,
      height: 240,
      durationSeconds: 2,
    });
    expect(await probeMediaFile(await file('v.mp4', mp4File(3, 640, 360)))).toMatchObject({
      mediaType: 'video',
      mimeType: 'video/mp4',
      ext: 'mp4',
      width: 640,
      height: 360,
      durationSeconds: 3,
    });
  });

  it('refuses text renamed as media (415), empty files (415) and files over the limit (413)', async () => {
    const text = probeMediaFile(await file('song.mp3', Buffer.from('just some words, not audio at all\n'.repeat(20))));
    await expect(text).rejects.toBeInstanceOf(UploadRejected);
    await expect(text).rejects.toMatchObject({ statusCode: 415 });
    await expect(probeMediaFile(await file('empty.wav', Buffer.alloc(0)))).rejects.toMatchObject({ statusCode: 415 });
    await expect(probeMediaFile(await file('big.wav', wavFile(1)), { maxBytes: 1000 })).rejects.toMatchObject({ statusCode: 413 });
  });

  it('refuses a PDF and a ZIP (known types that are not media)', async () => {
    await expect(probeMediaFile(await file('x.pdf', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF')))).rejects.toMatchObject(
      {
        statusCode: 415,
      },
    );
  });
});

describe('storeMediaFile', () => {
  it('stores an image with a WebP thumbnail and keeps the display name', async () => {
    const stored = await storeMediaFile(storage, await file('Holiday photo.png', await png(600, 400)));
    expect(stored.file).toMatch(/^media\/\d{4}\/\d{2}\/[0-9a-f-]+\.png$/);
    expect(stored.thumbnail).toBe(stored.file.replace(/\.png$/, '.thumb.webp'));
    expect(stored.fileName).toBe('Holiday photo.png');
    const thumb = await storage.get(stored.thumbnail as string);
    expect(thumb?.contentType).toBe('image/webp');
    thumb?.stream.destroy();
    const meta = await sharp(path.join(storage.root, ...(stored.thumbnail as string).split('/'))).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(256);
  });

  it('stores audio as is, without a thumbnail', async () => {
    const wav = wavFile(0.5);
    const stored = await storeMediaFile(storage, await file('beep.wav', wav));
    expect(stored).toMatchObject({ mediaType: 'audio', thumbnail: null, size: wav.length, mimeType: 'audio/wav' });
    const got = await storage.get(stored.file);
    expect(got?.size).toBe(wav.length);
    got?.stream.destroy();
  });

  it('stores a video with its poster frame as thumbnail (ffmpeg), MP4 and WebM; none without ffmpeg or without a frame', async () => {
    const ffmpeg = findFfmpeg(undefined);
    expect(ffmpeg, 'npm test installs Debian ffmpeg').toBe('ffmpeg');
    for (const kind of ['mp4', 'webm'] as const) {
      const video = await file(`clip.${kind}`, encodedVideo(kind, 2, 320, 240));
      const stored = await storeMediaFile(storage, video, 'media', { ffmpegPath: ffmpeg });
      expect(stored, kind).toMatchObject({ mediaType: 'video', width: 320, height: 240 });
      expect(stored.thumbnail, kind).toBe(stored.file.replace(`.${kind}`, '.thumb.webp'));
      const meta = await sharp(path.join(storage.root, ...(stored.thumbnail as string).split('/'))).metadata();
      expect([meta.format, meta.width, meta.height], kind).toEqual(['webp', 256, 192]);
      expect((await storeMediaFile(storage, video, 'media', { ffmpegPath: null })).thumbnail, kind).toBeNull();
    }
    // A container without a single frame (header only) has no poster: the video is still stored.
    const empty = await storeMediaFile(storage, await file('empty.mp4', mp4File(3)), 'media', { ffmpegPath: ffmpeg });
    expect(empty).toMatchObject({ mediaType: 'video', thumbnail: null });
    expect(findFfmpeg('off')).toBeNull();
    expect(findFfmpeg('/nonexistent/ffmpeg')).toBeNull();
  });

  it('gives up on a poster that takes too long (the decoder is killed) and on a type it does not know', async () => {
    const slow = path.join(dir, 'slow-ffmpeg.sh');
    await writeFile(slow, '#!/bin/sh\nsleep 30\n', { mode: 0o755 });
    const started = Date.now();
    const video = await file('slow.mp4', encodedVideo('mp4', 1));
    expect(await videoPoster(video.path, { ffmpegPath: slow, mimeType: 'video/mp4', timeoutMs: 300 })).toBeNull();
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(await videoPoster(video.path, { ffmpegPath: 'ffmpeg', mimeType: 'application/x-mpegurl' })).toBeNull();
  });

  it('removes the stored file when the thumbnail step fails', async () => {
    const puts: string[] = [];
    const failing: FileStorage = {
      init: () => storage.init(),
      get: (k) => storage.get(k),
      exists: (k) => storage.exists(k),
      delete: (k) => storage.delete(k),
      async put(key, data, options) {
        puts.push(key);
        if (key.endsWith('.thumb.webp')) throw new Error('disk full');
        return storage.put(key, data, options);
      },
    };
    await expect(storeMediaFile(failing, await file('p.png', await png()))).rejects.toThrow('disk full');
    expect(puts).toHaveLength(2);
    expect(await storage.exists(puts[0] as string)).toBe(false);
  });

  it('stores nothing for a refused file', async () => {
    const puts: string[] = [];
    const spy: FileStorage = {
      ...storage,
      init: () => storage.init(),
      get: (k) => storage.get(k),
      exists: (k) => storage.exists(k),
      delete: (k) => storage.delete(k),
      put: async (k, d, o) => {
        puts.push(k);
        return storage.put(k, d, o);
      },
    };
    await expect(storeMediaFile(spy, await file('fake.mp4', Buffer.from('<html>not a video</html>')))).rejects.toMatchObject({
      statusCode: 415,
    });
    expect(puts).toEqual([]);
  });
});
