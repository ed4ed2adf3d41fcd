import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { z } from 'zod';
import {
  countSheetRows,
  csvRecords,
  detectSheetFormat,
  readSheet,
  readSheetBatches,
  SheetError,
  type SheetFormat,
} from './sheet-reader.js';

// A manage-actions-like row schema: what the bulk jobs will pass.
const schema = z.object({
  name: z.string().min(1).max(200),
  actionType: z.enum(['open-url', 'call']),
  value: z.string().min(1),
  toneCode: z
    .string()
    .regex(/^[A-Z0-9-]{4,16}$/, '4-16 of A-Z, 0-9 and -')
    .optional(),
  startDate: z.iso.date().optional(),
});

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sheet-reader-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function csvFile(name: string, text: string) {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

async function xlsxFile(name: string, rows: unknown[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Actions');
  rows.forEach((r, i) => {
    if (r.length > 0) sheet.getRow(i + 1).values = r as ExcelJS.CellValue[];
  });
  workbook.addWorksheet('Ignored').addRow(['name']);
  const file = path.join(dir, name);
  await workbook.xlsx.writeFile(file);
  return file;
}

async function all(file: string, format: SheetFormat, maxRows?: number) {
  const rows = [];
  for await (const r of readSheet(file, { format, schema, maxRows })) rows.push(r);
  return rows;
}

describe('readSheet (CSV)', () => {
  it('validates each row, numbering rows as a spreadsheet shows them and naming the column of each error', async () => {
    const file = csvFile(
      'actions.csv',
      '\uFEFFName,Action type,VALUE,tone_code,Notes\n' +
        'Site,open-url,https://example.com,AB-12,ignored\n' +
        '\n' +
        '"Two\nlines",call,+3212345678,,\n' +
        ',fly,x,bad code\n',
    );
    expect(await all(file, 'csv')).toEqual([
      { row: 2, ok: true, data: { name: 'Site', actionType: 'open-url', value: 'https://example.com', toneCode: 'AB-12' } },
      { row: 4, ok: true, data: { name: 'Two\nlines', actionType: 'call', value: '+3212345678' } },
      {
        row: 5,
        ok: false,
        errors: [
          { column: 'name', message: 'Name is required' },
          { column: 'actionType', message: 'Action type must be one of: open-url, call' },
          { column: 'toneCode', message: '4-16 of A-Z, 0-9 and -' },
        ],
        // the cells by column, so a caller can still say which row it was (e.g. a manifest's fileName)
        raw: { name: undefined, actionType: 'fly', value: 'x', toneCode: 'bad code' },
      },
    ]);
  });

  it('refuses a sheet without a required column, with a duplicated column, or without a header', async () => {
    await expect(all(csvFile('missing.csv', 'name,toneCode\nA,ABCD\n'), 'csv')).rejects.toThrow(
      new SheetError('Missing columns: actionType, value'),
    );
    await expect(all(csvFile('dup.csv', 'name,Name,actionType,value\n'), 'csv')).rejects.toThrow(/"name" appears twice/);
    await expect(all(csvFile('empty.csv', ''), 'csv')).rejects.toThrow(/first row must name the columns/);
  });

  it('stops with an error past maxRows', async () => {
    const file = csvFile('many.csv', `name,actionType,value\n${'a,call,1\n'.repeat(3)}`);
    await expect(all(file, 'csv', 2)).rejects.toThrow(new SheetError('The sheet has more than 2 rows'));
    expect(await all(file, 'csv', 3)).toHaveLength(3);
  });
});

describe('countSheetRows, readSheetBatches, after', () => {
  const tricky =
    '\uFEFFname,actionType,value\r\n' +
    'a,call,1\r\n' +
    '\r\n' +
    ',,\r\n' +
    '" ",\t,""\r\n' +
    '"multi\nline, with comma",call,2\r\n' +
    '"quoted ""x"", y",call,3\r\n' +
    '"\n",,\r\n' +
    ' ,call,4';

  it('counts, before reading, exactly the rows readSheet yields (CSV: quotes, blank lines, a BOM, no final newline)', async () => {
    const file = csvFile('tricky.csv', tricky);
    const rows = await all(file, 'csv');
    expect(rows.map((r) => r.row)).toEqual([2, 6, 7, 9]); // a record over two lines is one row, as in a spreadsheet
    expect(await countSheetRows(file, 'csv')).toBe(4);
    expect(await countSheetRows(csvFile('header-only.csv', 'name,actionType,value\n\n'), 'csv')).toBe(0);
    expect(await countSheetRows(csvFile('nothing.csv', ''), 'csv')).toBe(0);
  });

  it('counts a large CSV with quoted cells across read chunks as readSheet reads it', async () => {
    let random = 7;
    const next = () => (random = (random * 48271) % 2147483647);
    const cells = ['a', '', ' ', '"q\nr"', '"x ""y"""', '"\n"', 'é'];
    const lines = ['name,actionType,value'];
    for (let i = 0; i < 30_000; i++) lines.push(Array.from({ length: 1 + (next() % 4) }, () => cells[next() % cells.length]).join(','));
    const file = csvFile('count-large.csv', lines.join('\n'));
    expect(await countSheetRows(file, 'csv')).toBe((await all(file, 'csv')).length);
  });

  it('counts XLSX rows the same way', async () => {
    const file = await xlsxFile('count.xlsx', [['name', 'actionType', 'value'], ['a', 'call', '1'], [], ['', '', ''], ['b', 'call', '2']]);
    expect((await all(file, 'xlsx')).map((r) => r.row)).toEqual([2, 5]);
    expect(await countSheetRows(file, 'xlsx')).toBe(2);
  });

  it('hands rows over in batches, and passes over the rows up to `after` (a job resuming)', async () => {
    const file = csvFile('batches.csv', `name,actionType,value\n${Array.from({ length: 7 }, (_, i) => `r${i},call,${i}`).join('\n')}\n`);
    const sizes = [];
    for await (const batch of readSheetBatches(file, { format: 'csv', schema }, 3)) sizes.push(batch.map((r) => r.row));
    expect(sizes).toEqual([[2, 3, 4], [5, 6, 7], [8]]);
    const resumed = [];
    for await (const r of readSheet(file, { format: 'csv', schema, after: 6 })) resumed.push(r.row);
    expect(resumed).toEqual([7, 8]);
  });

  it('a caller slow with each batch (database writes) still gets every row: no wake-up of the reader is lost', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `row ${i},call,${i}`);
    const file = csvFile('slow.csv', `name,actionType,value\n${rows.join('\n')}\n`);
    let seen = 0;
    for await (const batch of readSheetBatches(file, { format: 'csv', schema }, 500)) {
      seen += batch.length;
      await new Promise((r) => setTimeout(r, 5)); // the file streams on meanwhile
    }
    expect(seen).toBe(20_000);
  }, 20_000);

  it('turns a parser failure into a SheetError naming it', async () => {
    const failure = all(csvFile('bad-quote.csv', 'name,actionType,value\na,"call" x,1\n'), 'csv');
    await expect(failure).rejects.toBeInstanceOf(SheetError);
    await expect(failure).rejects.toThrow(/^The sheet could not be read \(/);
  });
});

describe('readSheet (XLSX)', () => {
  it('reads the first worksheet with dates, numbers, rich text and formulas as text', async () => {
    const file = await xlsxFile('actions.xlsx', [
      ['name', 'actionType', 'value', 'toneCode', 'startDate'],
      [{ richText: [{ text: 'Rich ' }, { text: 'name' }] }, 'call', 3212345678, 'TONE-1', new Date(Date.UTC(2026, 4, 1))],
      [],
      ['Formula', 'open-url', { formula: '"https://"&"example.com"', result: 'https://example.com' }],
      ['Bad', 'call', '', 'x', 'not a date'],
    ]);
    expect(await all(file, 'xlsx')).toEqual([
      {
        row: 2,
        ok: true,
        data: { name: 'Rich name', actionType: 'call', value: '3212345678', toneCode: 'TONE-1', startDate: '2026-05-01' },
      },
      { row: 4, ok: true, data: { name: 'Formula', actionType: 'open-url', value: 'https://example.com' } },
      {
        row: 5,
        ok: false,
        errors: [
          { column: 'value', message: 'Value is required' },
          { column: 'toneCode', message: '4-16 of A-Z, 0-9 and -' },
          { column: 'startDate', message: expect.any(String) },
        ],
        raw: { name: 'Bad', actionType: 'call', value: undefined, toneCode: 'x', startDate: 'not a date' },
      },
    ]);
  });

  it('refuses a workbook whose header lacks a required column', async () => {
    const file = await xlsxFile('missing.xlsx', [
      ['name', 'value'],
      ['a', 'b'],
    ]);
    await expect(all(file, 'xlsx')).rejects.toThrow(new SheetError('Missing column: actionType'));
  });
});

describe('readSheet (XLSX bomb)', () => {
  it('refuses a workbook whose parts would inflate like a zip bomb, before parsing it', async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from('<?xml version="1.0"?><Types/>'), '[Content_Types].xml');
    zip.addBuffer(Buffer.alloc(20 * 1024 * 1024, 0x20), 'xl/worksheets/sheet1.xml');
    zip.end();
    const chunks: Buffer[] = [];
    for await (const c of zip.outputStream) chunks.push(c as Buffer);
    const file = path.join(dir, 'bomb.xlsx');
    writeFileSync(file, Buffer.concat(chunks));
    const failure = all(file, 'xlsx');
    await expect(failure).rejects.toBeInstanceOf(SheetError);
    await expect(failure).rejects.toThrow(/^Suspicious compression ratio in the workbook \(\d+:1\)$/);
  });
});

describe('detectSheetFormat', () => {
  it('tells XLSX from CSV by content and refuses other files', async () => {
    expect(await detectSheetFormat(await xlsxFile('named.csv', [['name']]))).toBe('xlsx');
    expect(await detectSheetFormat(csvFile('named.xlsx', 'name,value\n'))).toBe('csv');
    const png = path.join(dir, 'image.csv');
    writeFileSync(
      png,
      await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    expect(await detectSheetFormat(png)).toBeNull();
  });
});

describe('csvRecords: a plain CSV (no quote, no carriage return) split without csv-parse', () => {
  const records = async (file: string, plain: boolean) => {
    const out = [];
    for await (const batch of csvRecords(file, plain)) out.push(...batch);
    return out;
  };

  it('gives what csv-parse gives: BOM, empty lines, blank cells, a last line without a line feed, multi-byte text across chunks', async () => {
    const texts = [
      '',
      '\n',
      '\n\n',
      'a',
      'a\n',
      'a\n\n',
      'a,b\n\nc',
      ',,\n,',
      '\uFEFF',
      '\uFEFF\n',
      '\uFEFFName,Value\nx,y\n',
      ' a , b \n\t\n',
      'a,b,\n,c',
      '\uFEFF\uFEFFa',
      'a\uFEFF',
    ];
    // Large enough for several read chunks, so that lines and multi-byte characters straddle them.
    let random = 1;
    const next = () => (random = (random * 48271) % 2147483647);
    const pieces = ['é', '✓', '😀', ',', '\n', 'abc', ' ', '', 'Ω-12'];
    texts.push(Array.from({ length: 400_000 }, () => pieces[next() % pieces.length]).join(''));
    for (const [i, text] of texts.entries()) {
      const file = csvFile(`plain-${i}.csv`, text);
      expect(await records(file, true), JSON.stringify(text.slice(0, 40))).toEqual(await records(file, false));
    }
  });

  it('reads a plain, a quoted and a CRLF file as csv-parse does, whichever way it chooses', async () => {
    const plain = csvFile('plain.csv', 'name,value\nA,1\n');
    const quoted = csvFile('quoted.csv', 'name,value\n"A, B",1\n');
    const crlf = csvFile('crlf.csv', 'name,value\r\nA,1\r\n');
    expect((await records(plain, false)).map((r) => r.cells)).toEqual([
      ['name', 'value'],
      ['A', '1'],
    ]);
    for (const file of [plain, quoted, crlf]) {
      const auto = [];
      for await (const batch of csvRecords(file)) auto.push(...batch);
      expect(auto).toEqual(await records(file, false));
    }
    expect((await records(quoted, false))[1]?.cells).toEqual(['A, B', '1']);
    expect((await records(crlf, false))[1]?.cells).toEqual(['A', '1']);
  });
});
