import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip-entry-checks.js';
import { readZip, type ZipItem } from './zip-reader.js';

// Archives are built here with yazl; hostile names yazl itself refuses to write are patched into
// the finished bytes (same length, in both the local header and the central directory).
let dir: string;
let png: Buffer;
let jpeg: Buffer;

type Entry = { name: string; data: Buffer; compress?: boolean; mode?: number };
type Verdict = Extract<ZipItem, { ok: false }> | Omit<Extract<ZipItem, { ok: true }>, 'stream'>;

async function buildZip(file: string, entries: Entry[], patches: [string, string][] = []): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const e of entries) zip.addBuffer(e.data, e.name, { compress: e.compress ?? true, mode: e.mode });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  let bytes = Buffer.concat(chunks);
  for (const [from, to] of patches) {
    expect(to.length).toBe(from.length);
    bytes = Buffer.from(bytes.toString('latin1').split(from).join(to), 'latin1');
  }
  const full = path.join(dir, file);
  writeFileSync(full, bytes);
  return full;
}

/** What a bulk job does: writes each accepted entry to `out`, collects every verdict. */
async function extract(zipPath: string, limits: Partial<ZipLimits> = {}) {
  const out = mkdtempSync(path.join(dir, 'out-'));
  const verdicts: Verdict[] = [];
  for await (const item of readZip(zipPath, { ...DEFAULT_ZIP_LIMITS, ...limits })) {
    if (item.ok) {
      const { stream, ...rest } = item;
      await pipeline(stream, createWriteStream(path.join(out, item.name.replaceAll('/', '__'))));
      verdicts.push(rest);
    } else verdicts.push(item);
  }
  return { out, verdicts, written: readdirSync(out).sort() };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'zip-reader-'));
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#143f6f' } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0d97fd' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readZip', () => {
  it('streams the accepted files with their detected type, skipping folders and macOS metadata', async () => {
    const zipPath = await buildZip('happy.zip', [
      { name: 'a.png', data: png },
      { name: 'photos/b.jpg', data: jpeg, compress: false },
      { name: '__MACOSX/photos/._b.jpg', data: Buffer.from('metadata') },
      { name: 'photos/.DS_Store', data: Buffer.from('junk') },
    ]);
    const { verdicts, written, out } = await extract(zipPath);
    expect(verdicts).toEqual([
      { ok: true, name: 'a.png', size: png.length, mime: 'image/png', ext: 'png' },
      { ok: true, name: 'photos/b.jpg', size: jpeg.length, mime: 'image/jpeg', ext: 'jpg' },
    ]);
    expect(written).toEqual(['a.png', 'photos__b.jpg']);
    expect((await sharp(path.join(out, 'a.png')).metadata()).width).toBe(40);
  });

  it('refuses zip-slip, absolute and backslash paths per entry and writes none of them', async () => {
    const zipPath = await buildZip(
      'slip.zip',
      [
        { name: 'zz/evil.png', data: png },
        { name: 'xetc.png', data: png },
        { name: 'C_x.png', data: png },
        { name: 'a_b.png', data: png },
        { name: 'good.png', data: png },
      ],
      [
        ['zz/evil.png', '../evil.png'],
        ['xetc.png', '/etc.png'],
        ['C_x.png', 'C:x.png'],
        ['a_b.png', 'a\\b.png'],
      ],
    );
    const { verdicts, written } = await extract(zipPath);
    expect(verdicts.map((v) => [v.name, v.ok ? 'ok' : v.code])).toEqual([
      ['../evil.png', 'unsafe-path'],
      ['/etc.png', 'unsafe-path'],
      ['C:x.png', 'unsafe-path'],
      ['a\\b.png', 'unsafe-path'],
      ['good.png', 'ok'],
    ]);
    expect(written).toEqual(['good.png']);
    expect(existsSync(path.join(dir, 'evil.png'))).toBe(false);
  });

  it('refuses a symbolic link entry', async () => {
    const zipPath = await buildZip('link.zip', [
      { name: 'link.png', data: Buffer.from('/etc/passwd'), mode: 0o120777 },
      { name: 'real.png', data: png },
    ]);
    const { verdicts, written } = await extract(zipPath);
    expect(verdicts[0]).toMatchObject({ ok: false, name: 'link.png', code: 'symlink' });
    expect(written).toEqual(['real.png']);
  });

  it('judges the type by content, not by extension', async () => {
    const zipPath = await buildZip('types.zip', [
      { name: 'notes.png', data: Buffer.from('<html><script>alert(1)</script></html>') },
      { name: 'renamed.txt', data: png },
    ]);
    const { verdicts, written } = await extract(zipPath);
    expect(verdicts).toEqual([
      { ok: false, name: 'notes.png', code: 'wrong-type', message: 'Not an accepted file type (unknown)' },
      { ok: true, name: 'renamed.txt', size: png.length, mime: 'image/png', ext: 'png' },
    ]);
    expect(written).toEqual(['renamed.txt']);
  });

  it('refuses a zip bomb by its compression ratio without inflating it', async () => {
    const zipPath = await buildZip('bomb.zip', [
      { name: 'bomb.png', data: Buffer.alloc(20 * 1024 * 1024) },
      { name: 'ok.png', data: png },
    ]);
    const { verdicts, written } = await extract(zipPath);
    expect(verdicts[0]).toMatchObject({ ok: false, name: 'bomb.png', code: 'compression-ratio' });
    expect(written).toEqual(['ok.png']);
  });

  it('refuses oversize entries and entries past the total', async () => {
    const big = Buffer.concat([png, Buffer.alloc(2000, 1)]);
    const zipPath = await buildZip('limits.zip', [
      { name: 'big.png', data: big, compress: false },
      { name: '1.png', data: png, compress: false },
      { name: '2.png', data: png, compress: false },
      { name: '3.png', data: png, compress: false },
    ]);
    const { verdicts, written } = await extract(zipPath, { maxEntryBytes: png.length + 100, maxTotalBytes: png.length * 2 });
    expect(verdicts.map((v) => [v.name, v.ok ? 'ok' : v.code])).toEqual([
      ['big.png', 'too-large'],
      ['1.png', 'ok'],
      ['2.png', 'ok'],
      ['3.png', 'total-too-large'],
    ]);
    expect(written).toEqual(['1.png', '2.png']);
  });

  /** An archive whose one entry holds `actual` bytes but whose headers declare `declared`. */
  async function liar(file: string, actual: number, declared: number) {
    const zipPath = await buildZip(file, [{ name: 'liar.png', data: Buffer.concat([png, randomBytes(actual - png.length)]) }]);
    // The uncompressed size sits at offset 22 of the local header and 24 of the central directory entry.
    const bytes = readFileSync(zipPath);
    bytes.writeUInt32LE(declared, 22);
    bytes.writeUInt32LE(declared, bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
    writeFileSync(zipPath, bytes);
    return zipPath;
  }

  it('refuses an entry that inflates past its declared size before handing over a byte', async () => {
    const { verdicts, written } = await extract(await liar('small-liar.zip', 20_000, 5000));
    expect(verdicts).toEqual([{ ok: false, name: 'liar.png', code: 'corrupt', message: expect.stringContaining('too many bytes') }]);
    expect(written).toEqual([]);
  });

  it('fails the stream when an entry inflates past its declared size later on', async () => {
    const items = readZip(await liar('late-liar.zip', 400_000, 100_000));
    const { value } = await items.next();
    expect(value).toMatchObject({ ok: true, name: 'liar.png', size: 100_000 });
    let received = 0;
    const drain = pipeline((value as Extract<ZipItem, { ok: true }>).stream, async (source) => {
      for await (const c of source) received += (c as Buffer).length;
    });
    await expect(drain).rejects.toThrow(/too many bytes/);
    // The caller deletes what it wrote; it never got much more than the declared size.
    expect(received).toBeLessThanOrEqual(100_000 + 64 * 1024);
    await items.return(undefined);
  });

  it('throws when the file is not an archive at all', async () => {
    const notZip = path.join(dir, 'not.zip');
    writeFileSync(notZip, 'just text');
    await expect(extract(notZip)).rejects.toThrow();
  });
});
