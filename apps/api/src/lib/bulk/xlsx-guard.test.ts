import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ArchiveRefused } from './archive-checks.js';
import { countSheetRows, readSheet, SheetError } from './sheet-reader.js';
import { emptyEntries, PART_ORDERS, type RawEntry, rawZip, workbookParts, zipOfParts } from './testing.js';
import { copyCheckedWorkbook, DEFAULT_XLSX_LIMITS } from './xlsx-guard.js';
import { entryName, nextEntry, openZip } from './zip-file.js';

// Issue 14 s.2-3 for workbooks (XLSX is a ZIP exceljs inflates with its own streaming unzip), and
// issue 15 s.1 (Excel's part order).

const schema = z.object({ name: z.string(), value: z.string() });
const ROWS = [
  ['name', 'value'],
  ['Alpha', 'one'],
  ['Bravo', 'two'],
];
const READ = [
  { row: 2, ok: true, data: { name: 'Alpha', value: 'one' } },
  { row: 3, ok: true, data: { name: 'Bravo', value: 'two' } },
];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'xlsx-guard-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function xlsxFile(bytes: Buffer) {
  const file = path.join(dir, `${++files}.xlsx`);
  writeFileSync(file, bytes);
  return file;
}

async function rows(file: string) {
  const out = [];
  for await (const r of readSheet(file, { format: 'xlsx', schema })) out.push(r);
  return out;
}

const asRaw = (parts: [string, string][], change: (name: string) => Partial<RawEntry> = () => ({})): RawEntry[] =>
  parts.map(([name, xml]) => ({ name, data: Buffer.from(xml), deflate: true, ...change(name) }));

describe('readSheet (XLSX) reads only what was checked', () => {
  it.each(Object.entries(PART_ORDERS))('reads and counts a workbook whose parts are in %s order', async (_order, order) => {
    const file = xlsxFile(await zipOfParts(workbookParts(ROWS, order)));
    expect(await rows(file)).toEqual(READ);
    expect(await countSheetRows(file, 'xlsx')).toBe(2);
  });

  it('refuses shared strings that unpack past the limit while declaring a small size (default limit, 64 MB)', async () => {
    const bomb = Buffer.alloc(65 * 1024 * 1024, ' '); // deflates ~1000:1; declared as 1 kB the ratio looks harmless
    const entries = asRaw(workbookParts(ROWS), (name) => (name === 'xl/sharedStrings.xml' ? { data: bomb, declaredSize: 1024 } : {}));
    const failure = rows(xlsxFile(rawZip(entries)));
    await expect(failure).rejects.toBeInstanceOf(SheetError);
    await expect(failure).rejects.toThrow(new SheetError('The workbook unpacks to more than 67108864 bytes'));
  });

  it('ignores parts a streaming unzip would see but the central directory does not list', async () => {
    // A local entry outside the central directory, before the worksheet: exceljs reads local headers in order.
    const entries = asRaw(workbookParts(ROWS));
    const hidden = workbookParts([['HIDDEN', 'HIDDEN'], ...ROWS.slice(1)]).find(([n]) => n === 'xl/sharedStrings.xml') as [string, string];
    entries.splice(2, 0, { name: hidden[0], data: Buffer.from(hidden[1]), deflate: true, hidden: true });
    expect(await rows(xlsxFile(rawZip(entries)))).toEqual(READ);
  });

  it.each([
    ['more entries than the limit', [...asRaw(workbookParts(ROWS)), ...emptyEntries(1000)], 'The workbook has more than 1000 entries'],
    [
      'an entry name over 255 bytes',
      [...asRaw(workbookParts(ROWS)), { name: `xl/${'x'.repeat(300)}.xml`, data: Buffer.from('<x/>') }],
      'The workbook has an entry name longer than 255 bytes',
    ],
    [
      'entries that share bytes',
      [...asRaw(workbookParts(ROWS)), { name: 'xl/worksheets/sheet2.xml', data: Buffer.alloc(0), sameAs: 4 }],
      'The workbook has overlapping entries (two entries share the same bytes)',
    ],
  ] as [string, RawEntry[], string][])('refuses a workbook with %s', async (_case, entries, message) => {
    await expect(rows(xlsxFile(rawZip(entries)))).rejects.toThrow(new SheetError(message));
  });

  it('leaves no working copy behind, whether the sheet is read to the end, stopped early or refused', async () => {
    const sub = mkdtempSync(path.join(dir, 'copies-'));
    const file = path.join(sub, 'sheet.xlsx');
    writeFileSync(file, await zipOfParts(workbookParts(ROWS)));
    expect(await rows(file)).toHaveLength(2);
    for await (const _ of readSheet(file, { format: 'xlsx', schema })) break;
    await expect(
      (async () => {
        for await (const _ of readSheet(file, { format: 'xlsx', schema, maxRows: 1 }));
      })(),
    ).rejects.toThrow('The sheet has more than 1 rows');
    expect(readdirSync(sub)).toEqual(['sheet.xlsx']);
  });
});

describe('copyCheckedWorkbook', () => {
  const limits = { ...DEFAULT_XLSX_LIMITS, maxUnpackedBytes: 100_000 };

  /** Every entry of a ZIP as its local header and its central record describe it. */
  async function describeZip(file: string) {
    const bytes = readFileSync(file);
    const zip = await openZip(file);
    const out = [];
    for (let e = await nextEntry(zip); e; e = await nextEntry(zip)) {
      const at = e.relativeOffsetOfLocalHeader;
      const local = { flags: bytes.readUInt16LE(at + 6), compressed: bytes.readUInt32LE(at + 18), size: bytes.readUInt32LE(at + 22) };
      out.push({ name: entryName(e), size: e.uncompressedSize, local });
    }
    zip.close();
    return out;
  }

  it('copies only the parts the reader uses, shared strings and styles before the worksheet, with honest sizes', async () => {
    const source = xlsxFile(await zipOfParts(workbookParts(ROWS, PART_ORDERS.libreOffice)));
    const copy = await copyCheckedWorkbook(source, limits);
    try {
      const entries = await describeZip(copy.path);
      expect(entries.map((e) => e.name)).toEqual([
        'xl/_rels/workbook.xml.rels',
        'xl/workbook.xml',
        'xl/sharedStrings.xml',
        'xl/styles.xml',
        'xl/worksheets/sheet1.xml',
      ]);
      for (const e of entries) expect(e.local).toEqual({ flags: 0x0800, compressed: e.size, size: e.size }); // no data descriptor
    } finally {
      await copy.remove();
    }
    expect(existsSync(copy.path)).toBe(false);
  });

  it('copies a part whose headers lie with the size it really has, when that is under the limit', async () => {
    const entries = asRaw(workbookParts(ROWS), (name) =>
      name === 'xl/styles.xml' ? { data: Buffer.alloc(50_000, ' '), declaredSize: 10 } : {},
    );
    const copy = await copyCheckedWorkbook(xlsxFile(rawZip(entries)), limits);
    expect((await describeZip(copy.path)).find((e) => e.name === 'xl/styles.xml')?.local.size).toBe(50_000);
    await copy.remove();
  });

  it('stops inflating at the limit when the headers lie, and leaves no copy', async () => {
    const sub = mkdtempSync(path.join(dir, 'liar-'));
    const file = path.join(sub, 'liar.xlsx');
    const entries = asRaw(workbookParts(ROWS), (name) =>
      name === 'xl/sharedStrings.xml' ? { data: Buffer.alloc(1_000_000, ' '), declaredSize: 10 } : {},
    );
    writeFileSync(file, rawZip(entries));
    await expect(copyCheckedWorkbook(file, limits)).rejects.toThrow(new ArchiveRefused('The workbook unpacks to more than 100000 bytes'));
    expect(readdirSync(sub)).toEqual(['liar.xlsx']);
  });

  it('refuses by the declared sizes before inflating, and names what it cannot read', async () => {
    const entries = asRaw(workbookParts(ROWS), (name) => (name === 'xl/worksheets/sheet1.xml' ? { declaredSize: 200_000 } : {}));
    await expect(copyCheckedWorkbook(xlsxFile(rawZip(entries)), limits)).rejects.toThrow('The workbook unpacks to more than 100000 bytes');
    await expect(copyCheckedWorkbook(xlsxFile(Buffer.from('not a zip')), limits)).rejects.toThrow(/^Unreadable workbook \(/);
  });
});
