import ExcelJS from 'exceljs';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_PIXEL_LIMITS, UPLOAD_MESSAGES } from '@console/contract';
import {
  UploadRejected,
  contentDispositionHeader,
  inspectUpload,
  makeThumbnail,
  receiveUpload,
  safeDisplayName,
  storedFileHeaders,
  streamToTempFile,
} from './index.js';
import { animatedGif } from './testing.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'uploads-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#0d97fd' } })
    .png()
    .toBuffer();
const jpeg = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#143f6f' } })
    .jpeg()
    .toBuffer();

// --- hand-made PNG bytes (for files sharp would refuse to write) ---
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A greyscale PNG declaring width x height but carrying only `rows` rows of zero pixels. */
function declaredPng(width: number, height: number, rows: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc((width + 1) * rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function rejection(p: Promise<unknown>): Promise<UploadRejected> {
  const err = await p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(UploadRejected);
  return err as UploadRejected;
}

describe('inspectUpload', () => {
  it('accepts a PNG and a JPEG by content, with dimensions', async () => {
    expect(await inspectUpload(await png(40, 30), { maxBytes: 1e6, allowed: 'image' })).toMatchObject({
      mime: 'image/png',
      ext: 'png',
      width: 40,
      height: 30,
    });
    const jpg = await jpeg(64, 48);
    expect(await inspectUpload(jpg, { maxBytes: 1e6, allowed: 'image' })).toEqual({
      mime: 'image/jpeg',
      ext: 'jpg',
      size: jpg.length,
      pages: 1,
      maxPixels: 40_000_000,
      width: 64,
      height: 48,
    });
  });

  it('reports upright dimensions of a rotated (EXIF orientation 6) JPEG', async () => {
    const rotated = await sharp(await jpeg(40, 20))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect(await inspectUpload(rotated, { maxBytes: 1e6, allowed: 'image' })).toMatchObject({ width: 20, height: 40 });
  });

  it('works on a file on disk as well as a buffer', async () => {
    const file = path.join(dir, 'whatever.bin');
    await writeFile(file, await png(10, 12));
    expect(await inspectUpload({ path: file }, { maxBytes: 1e6, allowed: ['image/png'] })).toMatchObject({
      mime: 'image/png',
      width: 10,
      height: 12,
    });
  });

  it('refuses a file over maxBytes with 413 PAYLOAD_TOO_LARGE before reading its content', async () => {
    const err = await rejection(inspectUpload(await png(100, 100), { maxBytes: 50, allowed: 'image' }));
    expect(err.code).toBe('PAYLOAD_TOO_LARGE');
    expect(err.statusCode).toBe(413);
    expect(err.message).toBe('The file is larger than the 50 bytes limit.');
  });

  it.each([
    ['text in a ".png"', Buffer.from('this is not an image at all\n')],
    ['an HTML page', Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>')],
    ['an SVG with an XML declaration', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF')],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s as an image with 415 UNSUPPORTED_MEDIA_TYPE', async (_name, buf) => {
    const err = await rejection(inspectUpload(buf, { maxBytes: 1e6, allowed: 'image' }));
    expect(err.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(err.statusCode).toBe(415);
  });

  it('accepts an explicitly listed type it has no category for, with the detected extension', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    expect(await inspectUpload(pdf, { maxBytes: 1e6, allowed: ['application/pdf'] })).toEqual({
      mime: 'application/pdf',
      ext: 'pdf',
      size: pdf.length,
    });
    await expect(inspectUpload(pdf, { maxBytes: 1e6, allowed: ['image/svg+xml'] })).rejects.toThrow(/SVG/);
  });

  it('refuses an image that is valid but of a type not allowed', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
      .gif()
      .toBuffer();
    expect((await rejection(inspectUpload(gif, { maxBytes: 1e6, allowed: ['image/png', 'image/jpeg'] }))).statusCode).toBe(415);
    expect(await inspectUpload(gif, { maxBytes: 1e6, allowed: 'image' })).toMatchObject({ mime: 'image/gif', width: 4 });
  });

  it('refuses a pixel-flood PNG (tiny file declaring 50000 x 50000) with 413 and the contract message', async () => {
    const flood = declaredPng(50_000, 50_000, 16);
    expect(flood.length).toBeLessThan(2_000);
    const err = await rejection(inspectUpload(flood, { maxBytes: 1e6, allowed: 'image' }));
    expect([err.code, err.statusCode]).toEqual(['PAYLOAD_TOO_LARGE', 413]);
    expect(err.message).toBe(UPLOAD_MESSAGES.tooManyPixels(IMAGE_PIXEL_LIMITS.media, 50_000, 50_000));
    expect(err.message).toBe('The image is too large (50000 x 50000 pixels); the limit is 40 megapixels. Please upload a smaller image.');
  });

  it('honours a lower maxPixels, and the limit of each use', async () => {
    const err = await rejection(inspectUpload(await png(300, 300), { maxBytes: 1e6, allowed: 'image', maxPixels: 250 * 250 }));
    expect(err.statusCode).toBe(413);
    expect(err.message).toBe(UPLOAD_MESSAGES.tooManyPixels(250 * 250, 300, 300));
    // 6000 x 6000 passes the media limit (40 Mpx) but not the avatar/logo one (16.8 Mpx), from the header alone.
    const big = declaredPng(6000, 6000, 1);
    expect(await inspectUpload(big, { maxBytes: 1e6, allowed: 'image', decode: false })).toMatchObject({
      width: 6000,
      maxPixels: 40_000_000,
    });
    for (const use of ['avatar', 'logo'] as const) {
      const refused = await rejection(inspectUpload(big, { maxBytes: 1e6, allowed: 'image', use }));
      expect([refused.statusCode, refused.message]).toEqual([413, UPLOAD_MESSAGES.tooManyPixels(IMAGE_PIXEL_LIMITS[use], 6000, 6000)]);
    }
  });

  it('counts every frame of an animated GIF towards the limit', async () => {
    const anim = await animatedGif(20, 20, 3);
    expect(await inspectUpload(anim, { maxBytes: 1e6, allowed: 'image', maxPixels: 1200 })).toMatchObject({ pages: 3 });
    expect((await rejection(inspectUpload(anim, { maxBytes: 1e6, allowed: 'image', maxPixels: 1199 }))).statusCode).toBe(413);
  });

  it('refuses a PNG whose header is fine but whose pixel data is missing (full decode)', async () => {
    const err = await rejection(inspectUpload(declaredPng(200, 200, 3), { maxBytes: 1e6, allowed: 'image' }));
    expect(err.message).toMatch(/decoded|read/);
  });

  it('accepts spreadsheets: XLSX by magic bytes, CSV as UTF-8 text; refuses markup and non-UTF-8', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('s').addRow(['a', 1]);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    expect(await inspectUpload(xlsx, { maxBytes: 1e6, allowed: 'spreadsheet' })).toMatchObject({ ext: 'xlsx' });
    const csv = Buffer.from('\uFEFFname,city\r\nZoë,Zürich\r\n');
    expect(await inspectUpload(csv, { maxBytes: 1e6, allowed: 'spreadsheet' })).toMatchObject({ mime: 'text/csv', ext: 'csv' });
    await rejection(inspectUpload(Buffer.from('<html><body>x</body></html>'), { maxBytes: 1e6, allowed: 'spreadsheet' }));
    await rejection(inspectUpload(Buffer.from([0x5a, 0x6f, 0xeb, 0x2c, 0x31, 0x0a]), { maxBytes: 1e6, allowed: 'spreadsheet' })); // latin-1 'Zoë'
    await rejection(inspectUpload(await png(2, 2), { maxBytes: 1e6, allowed: 'spreadsheet' }));
  });

  it('accepts media (video by magic bytes) and refuses a spreadsheet as media', async () => {
    const mp4 = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom'),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from('isomiso2'),
      Buffer.from([0, 0, 0, 8]),
      Buffer.from('free'),
    ]);
    expect(await inspectUpload(mp4, { maxBytes: 1e6, allowed: 'media' })).toMatchObject({ mime: 'video/mp4', ext: 'mp4' });
    await rejection(inspectUpload(Buffer.from('a,b\n1,2\n'), { maxBytes: 1e6, allowed: 'media' }));
  });
});

describe('makeThumbnail', () => {
  it('makes a WebP no larger than 256 px on its longest side', async () => {
    const thumb = await makeThumbnail(await jpeg(1200, 600));
    const meta = await sharp(thumb).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([256, 128]);
  });

  it('does not enlarge small images', async () => {
    const meta = await sharp(await makeThumbnail(await png(40, 90))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 40, 90]);
  });

  it('refuses a pixel flood too', async () => {
    await expect(makeThumbnail(declaredPng(50_000, 50_000, 4))).rejects.toThrow();
  });
});

describe('streamToTempFile / receiveUpload', () => {
  const chunks = (n: number, size: number) => Readable.from(Array.from({ length: n }, () => Buffer.alloc(size, 1)));

  it('writes the stream to a private temp file and counts its bytes', async () => {
    const t = await streamToTempFile(chunks(10, 1000), { maxBytes: 10_000, dir });
    expect(t.size).toBe(10_000);
    expect(await readdir(dir)).toEqual([path.basename(t.path)]);
    await t.cleanup();
    await t.cleanup();
    expect(await readdir(dir)).toEqual([]);
  });

  it('stops past maxBytes with 413 and leaves nothing on disk', async () => {
    const source = chunks(100, 1000);
    const err = await rejection(streamToTempFile(source, { maxBytes: 5_000, dir }));
    expect(err.statusCode).toBe(413);
    expect(await readdir(dir)).toEqual([]);
  });

  it('leaves nothing on disk when the source fails, and calls it a cut-off upload (400)', async () => {
    async function* broken() {
      yield Buffer.alloc(100);
      throw new Error('connection reset');
    }
    const err = await rejection(streamToTempFile(Readable.from(broken()), { maxBytes: 5_000, dir }));
    expect([err.statusCode, err.code, err.message]).toEqual([400, 'VALIDATION', 'The upload was cut off before the end of the file.']);
    expect(await readdir(dir)).toEqual([]);
  });

  it('does not wait forever for a source destroyed before or while it is read (no end will come)', async () => {
    const early = new Readable({ read() {} });
    early.push(Buffer.alloc(10));
    early.on('error', () => {}); // @fastify/multipart listens to every part's errors
    early.destroy(new Error('Part terminated early due to unexpected end of multipart data'));
    await new Promise((r) => setImmediate(r)); // the error has been emitted before anyone listens
    expect((await rejection(streamToTempFile(early, { maxBytes: 5_000, dir }))).statusCode).toBe(400);

    const late = new Readable({ read() {} });
    const pending = rejection(streamToTempFile(late, { maxBytes: 5_000, dir }));
    late.push(Buffer.alloc(10));
    setImmediate(() => late.destroy());
    expect((await pending).statusCode).toBe(400);
    expect(await readdir(dir)).toEqual([]);
  });

  it('copies a file read stream nobody has read yet with the kernel (the stream stays unread), limit included', async () => {
    const srcDir = await mkdtemp(path.join(tmpdir(), 'temp-src-'));
    try {
      const src = path.join(srcDir, 'part.bin');
      await writeFile(src, Buffer.alloc(8_000, 7));
      const stream = createReadStream(src);
      const t = await streamToTempFile(stream, { maxBytes: 10_000, dir });
      expect(stream.bytesRead).toBe(0);
      expect(t.size).toBe(8_000);
      expect(await readFile(t.path)).toEqual(Buffer.alloc(8_000, 7));
      expect((await stat(t.path)).mode & 0o777).toBe(0o600);
      await t.cleanup();
      expect((await rejection(streamToTempFile(createReadStream(src), { maxBytes: 5_000, dir }))).statusCode).toBe(413);
      // A stream already started, or over a part of the file, is copied through this process.
      const part = await streamToTempFile(createReadStream(src, { start: 1_000 }), { maxBytes: 10_000, dir });
      expect(part.size).toBe(7_000);
      await part.cleanup();
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await rm(srcDir, { recursive: true, force: true });
    }
  });

  it('treats a source truncated by the multipart limit as too large', async () => {
    const source = Object.assign(chunks(1, 10), { truncated: true });
    expect((await rejection(streamToTempFile(source, { maxBytes: 5_000, dir }))).statusCode).toBe(413);
    expect(await readdir(dir)).toEqual([]);
  });

  it('receiveUpload keeps an accepted image and removes a refused one', async () => {
    const ok = await receiveUpload(Readable.from([await png(20, 20)]), { maxBytes: 1e6, allowed: 'image', dir });
    expect(ok).toMatchObject({ mime: 'image/png', width: 20, height: 20 });
    expect(await readdir(dir)).toHaveLength(1);
    await ok.cleanup();

    for (const [buf, status] of [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 415],
      [declaredPng(50_000, 50_000, 16), 413],
      [declaredPng(200, 200, 3), 415], // header fine, pixel data missing: the re-encode's decode fails
      [Buffer.alloc(2_000_000, 7), 413],
    ] as const) {
      const err = await rejection(receiveUpload(Readable.from([buf]), { maxBytes: 1e6, allowed: 'image', dir }));
      expect(err.statusCode).toBe(status);
      expect(await readdir(dir)).toEqual([]);
    }
  });
});

describe('safeDisplayName', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\x\\y.png', 'y.png'],
    ['/abs/path/report.pdf', 'report.pdf'],
    ['..\\..\\windows\\win.ini', 'win.ini'],
    ['in\u0000voice\r\n.pdf', 'invoice.pdf'],
    ['evil\u202Egpj.exe', 'evilgpj.exe'],
    ['  ..hidden  ', 'hidden'],
    ['', 'file'],
    ['../', 'file'],
    ['Zoë résumé.pdf', 'Zoë résumé.pdf'],
  ])('%j -> %j', (input, expected) => {
    expect(safeDisplayName(input)).toBe(expected);
  });

  it('limits the length and keeps the extension, without splitting characters', () => {
    const long = `${'😀'.repeat(300)}.png`;
    const out = safeDisplayName(long, { maxLength: 50 });
    expect(Array.from(out)).toHaveLength(50);
    expect(out.endsWith('.png')).toBe(true);
    expect(out).not.toMatch(/\uFFFD/);
    expect(safeDisplayName('a'.repeat(500))).toHaveLength(200);
  });
});

describe('contentDispositionHeader', () => {
  it('keeps a plain ASCII name as filename only', () => {
    expect(contentDispositionHeader('report.pdf')).toBe('attachment; filename="report.pdf"');
    expect(contentDispositionHeader('a.png', 'inline')).toBe('inline; filename="a.png"');
  });

  it('adds an RFC 8187 filename* for non-ASCII names with an ASCII fallback', () => {
    expect(contentDispositionHeader('Zoë résumé (1).pdf')).toBe(
      `attachment; filename="Zoe resume (1).pdf"; filename*=UTF-8''Zo%C3%AB%20r%C3%A9sum%C3%A9%20%281%29.pdf`,
    );
    expect(contentDispositionHeader('报告.xlsx')).toBe(`attachment; filename="__.xlsx"; filename*=UTF-8''%E6%8A%A5%E5%91%8A.xlsx`);
  });

  it('cannot be broken out of by quotes, newlines or paths', () => {
    const header = contentDispositionHeader('../a"b\\c\r\nSet-Cookie: x=1.png');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.startsWith('attachment; filename="c')).toBe(true);
    expect(header.match(/"/g)).toHaveLength(2);
    expect(contentDispositionHeader('a"b.png')).toBe(`attachment; filename="a_b.png"; filename*=UTF-8''a%22b.png`);
  });
});

describe('storedFileHeaders', () => {
  it('serves a raster image inline with nosniff and a sandbox CSP', () => {
    const h = storedFileHeaders({ contentType: 'image/png', size: 12, name: 'me.png', disposition: 'inline', lastModified: new Date(0) });
    expect(h).toMatchObject({
      'content-type': 'image/png',
      'content-length': '12',
      'content-disposition': 'inline; filename="me.png"',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-cache',
      'last-modified': 'Thu, 01 Jan 1970 00:00:00 GMT',
    });
    expect(h['content-security-policy']).toContain('sandbox');
  });

  it('never serves markup inline or under its own type', () => {
    for (const type of ['text/html', 'image/svg+xml', 'application/xml', 'text/javascript']) {
      const h = storedFileHeaders({ contentType: type, name: 'x', disposition: 'inline' });
      expect(h['content-type']).toBe('application/octet-stream');
      expect(h['content-disposition']).toMatch(/^attachment;/);
    }
    expect(storedFileHeaders({ contentType: 'application/pdf', name: 'a.pdf', disposition: 'inline' })['content-disposition']).toMatch(
      /^attachment;/,
    );
  });
});
