import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_WORK_SLOTS, imageWorkLoad, receiveUpload, withImageSlot } from './index.js';
import {
  animatedGif,
  exifHasGps,
  gifJsPolyglot,
  jpegWithGps,
  leaks,
  NO_LEAKS,
  pngWithTrailingHtml,
  POLYGLOT_SCRIPT,
  TRAILING_HTML,
} from './testing.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'reencode-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const receive = (buf: Buffer) => receiveUpload(Readable.from([buf]), { maxBytes: 5e6, allowed: 'image', dir });

describe('receiveUpload re-encodes images', () => {
  it('the fixtures carry what the re-encode must remove', async () => {
    const jpeg = await jpegWithGps();
    const meta = await sharp(jpeg).metadata();
    expect([meta.orientation, exifHasGps(meta.exif), jpeg.includes('SpyCam')]).toEqual([6, true, true]);
    expect((await pngWithTrailingHtml()).toString('latin1').endsWith(TRAILING_HTML)).toBe(true);
    const poly = await gifJsPolyglot();
    expect([poly.toString('latin1', 0, 8), poly.toString('latin1').endsWith(POLYGLOT_SCRIPT)]).toEqual(['GIF89a/*', true]);
  });

  it('drops EXIF (GPS, camera, orientation) from a JPEG and turns its pixels upright instead', async () => {
    const up = await receive(await jpegWithGps());
    const stored = await readFile(up.path);
    expect(await leaks(stored)).toEqual(NO_LEAKS);
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 40, 60]);
    expect(up).toMatchObject({ mime: 'image/jpeg', ext: 'jpg', width: 40, height: 60, size: stored.length });
    await up.cleanup();
    expect(await readdir(dir)).toEqual([]);
  });

  it('drops HTML glued after a PNG, and keeps it a PNG', async () => {
    const up = await receive(await pngWithTrailingHtml());
    const stored = await readFile(up.path);
    expect(await leaks(stored)).toEqual(NO_LEAKS);
    expect(stored.subarray(-8, -4).toString('latin1')).toBe('IEND'); // nothing after the last chunk
    expect([up.mime, (await stat(up.path)).size]).toEqual(['image/png', up.size]);
    await up.cleanup();
  });

  it('drops the script half of a GIF/JS polyglot', async () => {
    const up = await receive(await gifJsPolyglot());
    const stored = await readFile(up.path);
    expect(stored.toString('latin1')).not.toContain(POLYGLOT_SCRIPT);
    expect(stored.at(-1)).toBe(0x3b); // the GIF trailer is the last byte
    expect((await sharp(stored).metadata()).format).toBe('gif');
    await up.cleanup();
  });

  it('keeps an animated GIF animated: every frame, its delays and its loop count', async () => {
    const up = await receive(await animatedGif(20, 20, 3));
    const meta = await sharp(await readFile(up.path)).metadata();
    expect([meta.format, meta.pages, meta.delay, meta.loop]).toEqual(['gif', 3, [100, 200, 300], 0]);
    await up.cleanup();
  });

  it('keeps WebP as WebP', async () => {
    const webp = await sharp({ create: { width: 30, height: 20, channels: 4, background: '#00000080' } })
      .webp()
      .withExif({ IFD0: { Make: 'SpyCam' } })
      .toBuffer();
    const up = await receive(webp);
    const stored = await readFile(up.path);
    expect([(await sharp(stored).metadata()).format, await leaks(stored)]).toEqual(['webp', NO_LEAKS]);
    await up.cleanup();
  });
});

describe('withImageSlot', () => {
  it('allows min(2, cores - 1) (at least 1) image jobs at once, the others wait in order', async () => {
    expect(IMAGE_WORK_SLOTS).toBe(Math.max(1, Math.min(2, availableParallelism() - 1)));
    const started: number[] = [];
    const release: Array<() => void> = [];
    let maxRunning = 0;
    const jobs = Array.from({ length: 6 }, (_, i) =>
      withImageSlot(async () => {
        started.push(i);
        maxRunning = Math.max(maxRunning, imageWorkLoad().running);
        await new Promise<void>((r) => release.push(r));
        return i;
      }),
    );
    const settle = () => new Promise((r) => setImmediate(r));
    await settle();
    expect(started).toEqual(Array.from({ length: IMAGE_WORK_SLOTS }, (_, i) => i));
    expect(imageWorkLoad()).toEqual({ running: IMAGE_WORK_SLOTS, waiting: 6 - IMAGE_WORK_SLOTS });
    while (release.length) {
      release.shift()!();
      await settle();
    }
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(maxRunning).toBe(IMAGE_WORK_SLOTS);
    expect(imageWorkLoad()).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when a job fails', async () => {
    await expect(withImageSlot(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(imageWorkLoad()).toEqual({ running: 0, waiting: 0 });
  });
});
