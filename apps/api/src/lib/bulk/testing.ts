import { crc32, deflateRawSync } from 'node:zlib';
import yazl from 'yazl';

// Archive and workbook builders for the tests (not a test file itself): zip tools refuse to write
// lying sizes or entries that share bytes, so hostile archives are written byte by byte here.

export type RawEntry = {
  name: string;
  data: Buffer;
  /** Deflate the data (method 8); stored (method 0) otherwise. */
  deflate?: boolean;
  /** The uncompressed size both headers declare (a lie when it is not data.length). */
  declaredSize?: number;
  /** No bytes of its own: a central-directory record (with this name) for entry #sameAs's local header and data. */
  sameAs?: number;
  /** Local header and data only, left out of the central directory (only a streaming unzip sees it). */
  hidden?: boolean;
};

type Meta = { method: number; crc: number; compressed: number; size: number; offset: number };

/** A ZIP file's bytes: local headers and data, central directory, end record (ZIP64 past 65,535 entries). */
export function rawZip(entries: RawEntry[]): Buffer {
  const parts: Buffer[] = [];
  const metas: Meta[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    if (e.sameAs !== undefined) {
      metas.push({ ...(metas[e.sameAs] as Meta) });
      continue;
    }
    const body = e.deflate ? deflateRawSync(e.data) : e.data;
    const meta = { method: e.deflate ? 8 : 0, crc: crc32(e.data), compressed: body.length, size: e.declaredSize ?? e.data.length, offset };
    metas.push(meta);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    writeMeta(local, 8, meta);
    local.writeUInt16LE(name.length, 26);
    parts.push(local, name, body);
    offset += local.length + name.length + body.length;
  }
  const directoryStart = offset;
  entries.forEach((e, i) => {
    if (e.hidden) return;
    const name = Buffer.from(e.name);
    const record = Buffer.alloc(46);
    const meta = metas[i] as Meta;
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(0x0800, 8);
    writeMeta(record, 10, meta);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(meta.offset, 42);
    parts.push(record, name);
    offset += record.length + name.length;
  });
  const listed = entries.filter((e) => !e.hidden).length;
  parts.push(...endRecords(listed, directoryStart, offset - directoryStart));
  return Buffer.concat(parts);
}

/** Method, time, date, CRC and sizes: the same 18 bytes in a local header (at 8) and a central record (at 10). */
function writeMeta(buf: Buffer, at: number, meta: Meta) {
  buf.writeUInt16LE(meta.method, at);
  buf.writeUInt16LE(0x21, at + 4); // 1980-01-01
  buf.writeUInt32LE(meta.crc, at + 6);
  buf.writeUInt32LE(meta.compressed, at + 10);
  buf.writeUInt32LE(meta.size, at + 14);
}

function endRecords(count: number, directoryStart: number, directorySize: number): Buffer[] {
  const out: Buffer[] = [];
  const zip64 = count > 0xffff;
  if (zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(directorySize), 40);
    record.writeBigUInt64LE(BigInt(directoryStart), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(directoryStart + directorySize), 8);
    locator.writeUInt32LE(1, 16);
    out.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(zip64 ? 0xffff : count, 8);
  end.writeUInt16LE(zip64 ? 0xffff : count, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(directoryStart, 16);
  out.push(end);
  return out;
}

/** `count` empty files (f0, f1, ...): a large central directory in few bytes. */
export const emptyEntries = (count: number): RawEntry[] =>
  Array.from({ length: count }, (_, i) => ({ name: `f${i}`, data: Buffer.alloc(0) }));

/** A WAV file of `bytes` bytes (silence): what file-type knows as audio/wav. */
export function wav(bytes: number): Buffer {
  const out = Buffer.alloc(bytes);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(bytes - 8, 4);
  out.write('WAVEfmt ', 8, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(8000, 24);
  out.writeUInt32LE(8000, 28);
  out.writeUInt16LE(1, 32);
  out.writeUInt16LE(8, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(bytes - 44, 40);
  return out;
}

/**
 * `bytes` bytes that start as `head` and deflate about 45:1 (one pseudo-random byte in 120,
 * seeded): under the per-entry ratio limit (100:1), over the archive's unpack factor (20).
 */
export function compressible(head: Buffer, bytes: number, seed = 1): Buffer {
  const out = Buffer.alloc(bytes);
  let x = seed;
  for (let i = 0; i < bytes; i += 120) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  head.copy(out);
  return out;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const escapeXml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

/** Where zip tools put the parts of a one-sheet workbook (\`unzip -l\` of files they saved). */
export const PART_ORDERS = {
  excel: [
    '[Content_Types].xml',
    '_rels/.rels',
    'xl/workbook.xml',
    'xl/_rels/workbook.xml.rels',
    'xl/worksheets/sheet1.xml',
    'xl/theme/theme1.xml',
    'xl/styles.xml',
    'xl/sharedStrings.xml',
    'docProps/core.xml',
    'docProps/app.xml',
  ],
  libreOffice: [
    '_rels/.rels',
    'docProps/app.xml',
    'docProps/core.xml',
    'xl/_rels/workbook.xml.rels',
    'xl/sharedStrings.xml',
    'xl/worksheets/sheet1.xml',
    'xl/styles.xml',
    'xl/workbook.xml',
    '[Content_Types].xml',
  ],
  /** The shared strings right after the worksheet, no styles part. */
  sharedStringsLast: [
    '[Content_Types].xml',
    '_rels/.rels',
    'xl/workbook.xml',
    'xl/_rels/workbook.xml.rels',
    'xl/worksheets/sheet1.xml',
    'xl/sharedStrings.xml',
  ],
};

/** The parts of a one-sheet workbook of text cells (shared strings), in the given order (Excel's by default). */
export function workbookParts(rows: string[][], order: readonly string[] = PART_ORDERS.excel): [name: string, xml: string][] {
  const strings: string[] = [];
  const cell = (text: string, col: number, row: number) => {
    strings.push(text);
    return `<c r="${String.fromCharCode(65 + col)}${row}" t="s"><v>${strings.length - 1}</v></c>`;
  };
  const sheetRows = rows.map((r, i) => `<row r="${i + 1}">${r.map((text, col) => cell(text, col, i + 1)).join('')}</row>`);
  const type = (part: string, kind: string) =>
    `<Override PartName="/xl/${part}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.${kind}+xml"/>`;
  const parts: Record<string, string> = {
    '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${type('workbook.xml', 'sheet.main')}${type('worksheets/sheet1.xml', 'worksheet')}${type('sharedStrings.xml', 'sharedStrings')}${type('styles.xml', 'styles')}</Types>`,
    '_rels/.rels': `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${XML}<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets><sheet name="Actions" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${DOC_RELS}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="${DOC_RELS}/styles" Target="styles.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `${XML}<worksheet xmlns="${MAIN}"><sheetData>${sheetRows.join('')}</sheetData></worksheet>`,
    'xl/styles.xml': `${XML}<styleSheet xmlns="${MAIN}"><cellXfs count="1"><xf numFmtId="0"/></cellXfs></styleSheet>`,
    'xl/sharedStrings.xml': `${XML}<sst xmlns="${MAIN}" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t>${escapeXml(s)}</t></si>`).join('')}</sst>`,
  };
  return order.map((name) => [name, parts[name] ?? `${XML}<unused/>`]);
}

/** A ZIP of these parts in this order, written by yazl (honest sizes in every header). */
export async function zipOfParts(parts: [name: string, content: string | Buffer][]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of parts) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
