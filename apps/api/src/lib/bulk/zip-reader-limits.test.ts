import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveRefused } from './archive-checks.js';
import { compressible, emptyEntries, type RawEntry, rawZip, wav } from './testing.js';
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip-entry-checks.js';
import { readZip } from './zip-reader.js';

// Issue 14 s.3-4: what a whole archive may cost (entries, names, shared bytes, bytes unpacked),
// with archives written byte by byte (zip tools refuse to write these).

let dir: string;
let png: Buffer;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'zip-limits-'));
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#143f6f' } })
    .png()
    .toBuffer();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function zipFile(entries: RawEntry[] | Buffer): string {
  const file = path.join(dir, `${++files}.zip`);
  writeFileSync(file, Buffer.isBuffer(entries) ? entries : rawZip(entries));
  return file;
}

/** Reads the whole archive as a job does, counting the items yielded before a refusal. */
async function read(file: string, limits: Partial<ZipLimits> = {}) {
  const yielded: string[] = [];
  try {
    for await (const item of readZip(file, { ...DEFAULT_ZIP_LIMITS, ...limits })) {
      yielded.push(item.name);
      if (item.ok) for await (const _ of item.stream);
    }
    return { yielded, refused: null };
  } catch (err) {
    return { yielded, refused: err as Error };
  }
}

describe('readZip refuses the whole archive before any item', () => {
  it('when its central directory counts more entries than the limit: 100,000 empty entries with the default limits', async () => {
    const { yielded, refused } = await read(zipFile(emptyEntries(100_000)));
    expect(refused).toBeInstanceOf(ArchiveRefused);
    expect(refused?.message).toBe('The archive has more than 1000 entries');
    expect(yielded).toEqual([]);
  });

  it('counts every entry (folders and macOS metadata too); at the limit the archive is read', async () => {
    const entries = [{ name: '__MACOSX/._a.png', data: Buffer.from('x') }, { name: 'dir/', data: Buffer.alloc(0) }, ...emptyEntries(3)];
    expect((await read(zipFile(entries), { maxEntries: 4 })).refused?.message).toBe('The archive has more than 4 entries');
    expect(await read(zipFile(entries), { maxEntries: 5 })).toEqual({ yielded: ['f0', 'f1', 'f2'], refused: null });
  });

  it('when a name is over 255 bytes in UTF-8 after NFC normalisation', async () => {
    const ok = [{ name: 'a.png', data: png }];
    const named = (name: string) => read(zipFile([...ok, { name, data: png }]));
    expect((await named(`${'n'.repeat(251)}.png`)).refused).toBeNull();
    const long = await named(`${'n'.repeat(252)}.png`);
    expect(long.refused).toBeInstanceOf(ArchiveRefused);
    expect(long.refused?.message).toBe('The archive has an entry name longer than 255 bytes');
    expect(long.yielded).toEqual([]);
    // 'é' is 2 bytes in NFC, 3 as e + combining acute (NFD): 85 of them fit once normalised.
    expect((await named('e\u0301'.repeat(85))).refused).toBeNull();
    expect((await named('\u00e9'.repeat(128))).refused?.message).toMatch(/longer than 255 bytes/);
    // The largest name a ZIP can hold, repeated: memory for the directory stays bounded.
    const huge = Array.from({ length: 20 }, (_, i) => ({ name: `${i}${'x'.repeat(65_000)}`, data: Buffer.alloc(0) }));
    expect((await read(zipFile(huge))).refused?.message).toMatch(/longer than 255 bytes/);
  });

  it('when entries share bytes: 40 central-directory records on one stored WAV (default limits)', async () => {
    const entries: RawEntry[] = [{ name: 'tone.wav', data: wav(200_000) }];
    for (let i = 1; i < 40; i++) entries.push({ name: `copy-${i}.wav`, data: Buffer.alloc(0), sameAs: 0 });
    const { yielded, refused } = await read(zipFile(entries));
    expect(refused).toBeInstanceOf(ArchiveRefused);
    expect(refused?.message).toBe('The archive has overlapping entries (two entries share the same bytes)');
    expect(yielded).toEqual([]);
    // One record alone is a plain archive.
    expect(await read(zipFile(entries.slice(0, 1)))).toEqual({ yielded: ['tone.wav'], refused: null });
  });

  it('when an entry lies inside the data of another (a stored archive within the archive)', async () => {
    const inner = wav(5000);
    const innerLocal = rawZip([{ name: 'b.wav', data: inner }]).subarray(0, 30 + 'b.wav'.length + inner.length);
    const bytes = rawZip([
      { name: 'a.bin', data: innerLocal },
      { name: 'b.wav', data: inner },
    ]);
    // Point b.wav's central record at the copy of its local header inside a.bin's data.
    const second = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bytes.writeUInt32LE(30 + 'a.bin'.length, second + 42);
    const { yielded, refused } = await read(zipFile(bytes));
    expect(refused?.message).toBe('The archive has overlapping entries (two entries share the same bytes)');
    expect(yielded).toEqual([]);
  });
});

describe('readZip caps the bytes an archive unpacks', () => {
  it('at 20 times its size on disk, counting the bytes really inflated (default limits)', async () => {
    // Each entry deflates ~45:1, under the per-entry ratio limit; three of them are ~45 times the archive.
    const entries = [1, 2, 3].map((i) => ({ name: `${i}.png`, data: compressible(png, 1024 * 1024, i), deflate: true }));
    const file = zipFile(entries);
    const cap = 20 * statSync(file).size;
    const outcome: [string, number, string | null][] = [];
    for await (const item of readZip(file)) {
      if (!item.ok) throw new Error(`${item.name} refused: ${item.message}`);
      let received = 0;
      let error: string | null = null;
      try {
        for await (const chunk of item.stream) received += (chunk as Buffer).length;
      } catch (err) {
        error = (err as Error).message;
      }
      outcome.push([item.name, received, error]);
    }
    const message = `The archive unpacks to more than ${cap} bytes (20 times its size)`;
    expect(outcome.map(([name, , error]) => [name, error])).toEqual([
      ['1.png', null],
      ['2.png', message],
      ['3.png', message],
    ]);
    expect((outcome[0] as [string, number, null])[1]).toBe(1024 * 1024);
    expect(outcome.reduce((sum, [, received]) => sum + received, 0)).toBeLessThanOrEqual(cap);
  });

  it('takes the factor from the limits', async () => {
    const file = zipFile([1, 2, 3].map((i) => ({ name: `${i}.png`, data: png })));
    const factor = 0.25;
    const cap = factor * statSync(file).size;
    expect(png.length).toBeLessThanOrEqual(cap); // one PNG fits under the cap, two do not
    expect(2 * png.length).toBeGreaterThan(cap);
    const errors: (string | null)[] = [];
    for await (const item of readZip(file, { ...DEFAULT_ZIP_LIMITS, maxUnpackFactor: factor })) {
      if (!item.ok) throw new Error(`${item.name} refused: ${item.message}`);
      errors.push(
        await new Promise((resolve) =>
          item.stream
            .on('error', (e) => resolve(e.message))
            .on('end', () => resolve(null))
            .resume(),
        ),
      );
    }
    const message = `The archive unpacks to more than ${cap} bytes (0.25 times its size)`;
    expect(errors).toEqual([null, message, message]);
  });
});
