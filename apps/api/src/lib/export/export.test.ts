import ExcelJS from 'exceljs';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exportContentType,
  exportFileExtension,
  exportFileName,
  exportRows,
  guardFormula,
  keysetBatches,
  keysetRows,
  type ExportColumn,
  type ExportFormat,
} from './index.js';
import { measureExportMemory } from './measure-memory.js';

const run = promisify(execFile);

/** RFC 4180: fields separated by commas, records by CRLF (or LF), quotes doubled inside quoted fields. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      // handled by the \n branch
    } else if (c === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || record.length) {
    record.push(field);
    records.push(record);
  }
  return records;
}

async function collect(stream: Readable): Promise<Buffer> {
  return Buffer.concat(await stream.toArray());
}

async function* asAsync<T>(items: Iterable<T>): AsyncGenerator<T> {
  for (const item of items) yield item;
}

type User = { id: number; name: string; email: string; score: number | null; active: boolean; createdAt: Date | null; note: string | null };

const columns: ExportColumn<User>[] = [
  { key: 'id', header: 'ID', width: 0.5 },
  { key: 'name', header: 'Name', width: 2 },
  { key: 'email', header: 'E-mail', width: 2 },
  { key: 'score', header: 'Score' },
  { key: 'active', header: 'Active', format: (v) => (v ? 'yes' : 'no') },
  { key: 'createdAt', header: 'Created at', width: 1.5 },
  { key: 'note', header: 'Note', width: 3 },
];

const users: User[] = [
  {
    id: 1,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    score: 42.5,
    active: true,
    createdAt: new Date(Date.UTC(2025, 0, 2, 3, 4, 5)),
    note: 'plain',
  },
  {
    id: 2,
    name: 'Zoë "Zed" Ångström',
    email: 'zoe@example.com',
    score: -7,
    active: false,
    createdAt: null,
    note: 'comma, quote " and\nnewline',
  },
  {
    id: 3,
    name: 'Renée Müller',
    email: 'renee@example.com',
    score: null,
    active: true,
    createdAt: new Date(Date.UTC(2024, 11, 31, 23, 59, 59)),
    note: null,
  },
];

describe('CSV export', () => {
  it('starts with a UTF-8 BOM and round-trips the rows (RFC 4180)', async () => {
    const buf = await collect(exportRows({ format: 'csv', columns, rows: asAsync(users), title: 'Users' }));
    expect([...buf.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = buf.toString('utf8').slice(1);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text)).toEqual([
      ['ID', 'Name', 'E-mail', 'Score', 'Active', 'Created at', 'Note'],
      ['1', 'Ada Lovelace', 'ada@example.com', '42.5', 'yes', '2025-01-02 03:04:05', 'plain'],
      ['2', 'Zoë "Zed" Ångström', 'zoe@example.com', '-7', 'no', '', 'comma, quote " and\nnewline'],
      ['3', 'Renée Müller', 'renee@example.com', '', 'yes', '2024-12-31 23:59:59', ''],
    ]);
  });

  it('writes midnight as 00, not 24', async () => {
    const rows = [{ at: new Date(Date.UTC(2025, 2, 1, 0, 0, 0)) }];
    const text = (await collect(exportRows({ format: 'csv', columns: [{ key: 'at', header: 'At' }], rows, title: 't' }))).toString('utf8');
    expect(parseCsv(text.slice(1))[1][0]).toBe('2025-03-01 00:00:00');
  });

  it('writes dates in the requested time zone', async () => {
    const text = (
      await collect(exportRows({ format: 'csv', columns, rows: users.slice(0, 1), title: 'Users', timeZone: 'Asia/Kolkata' }))
    ).toString('utf8');
    expect(parseCsv(text.slice(1))[1][5]).toBe('2025-01-02 08:34:05');
  });

  it.each(['=', '+', '-', '@', '\t', '\r'])('prefixes a cell starting with %j with a single quote', async (start) => {
    const value = `${start}HYPERLINK("http://evil.example","x")`;
    const text = (
      await collect(exportRows({ format: 'csv', columns: [{ key: 'v', header: `${start}head` }], rows: [{ v: value }], title: 't' }))
    ).toString('utf8');
    expect(parseCsv(text.slice(1))).toEqual([[`'${start}head`], [`'${value}`]]);
  });

  it('leaves numbers (even negative), phone numbers and safe text alone', () => {
    expect(guardFormula('-7')).toBe('-7');
    expect(guardFormula('+44 20 7946 0000')).toBe('+44 20 7946 0000');
    expect(guardFormula('(020) 7946-0000')).toBe('(020) 7946-0000');
    expect(guardFormula('a=b')).toBe('a=b');
    expect(guardFormula(' =1')).toBe(' =1');
    expect(guardFormula('')).toBe('');
  });

  it('emits only the header for no rows', async () => {
    const text = (await collect(exportRows({ format: 'csv', columns, rows: [], title: 't' }))).toString('utf8');
    expect(parseCsv(text.slice(1))).toHaveLength(1);
  });
});

describe('XLSX export', () => {
  it('round-trips the rows through exceljs, with real dates and numbers', async () => {
    const buf = await collect(exportRows({ format: 'excel', columns, rows: asAsync(users), title: 'Users: all [active]' }));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.name).toBe('Users  all  active');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['ID', 'Name', 'E-mail', 'Score', 'Active', 'Created at', 'Note']);
    expect(values(2)).toEqual([1, 'Ada Lovelace', 'ada@example.com', 42.5, 'yes', new Date(Date.UTC(2025, 0, 2, 3, 4, 5)), 'plain']);
    expect(values(3)).toEqual([2, 'Zoë "Zed" Ångström', 'zoe@example.com', -7, 'no', undefined, 'comma, quote " and\nnewline']);
    expect(values(4)).toEqual([3, 'Renée Müller', 'renee@example.com', undefined, 'yes', new Date(Date.UTC(2024, 11, 31, 23, 59, 59))]);
    expect(sheet.getRow(4).getCell(7).value).toBeNull();
    expect(sheet.getRow(2).getCell(6).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(4);
  });

  // Issue 15: a text cell is shown, never run, so it is written as typed (no leading quote).
  it('writes text as text cells as typed, phone numbers included, and never a formula cell', async () => {
    const starts = ['=', '+', '-', '@', '\t', '\r'];
    const rows = starts.map((s) => ({ v: `${s}1+1`, n: -5 }));
    const buf = await collect(
      exportRows({
        format: 'excel',
        columns: [
          { key: 'v', header: '=head' },
          { key: 'n', header: 'n' },
        ],
        rows,
        title: 'x',
      }),
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getCell('A1').value).toBe('=head');
    starts.forEach((s, i) => {
      const cell = sheet.getRow(i + 2).getCell(1);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
      // A raw CR inside XML text is read back as LF (XML end-of-line handling).
      expect(cell.value).toBe(`${s === '\r' ? '\n' : s}1+1`);
      expect(sheet.getRow(i + 2).getCell(2).value).toBe(-5);
    });
  });

  it('drops characters XML cannot carry', async () => {
    const buf = await collect(
      exportRows({ format: 'excel', columns: [{ key: 'v', header: 'v' }], rows: [{ v: 'a\u0000b\u0007c' }], title: 'x' }),
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    expect(wb.worksheets[0].getCell('A2').value).toBe('abc');
  });
});

describe('PDF export', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pdf-test-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  async function pdfText(stream: Readable): Promise<string> {
    const buf = await collect(stream);
    expect(buf.subarray(0, 5).toString()).toBe('%PDF-');
    const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
    await writeFile(file, buf);
    // pdftotext comes from poppler-utils (installed by the test script on fresh machines).
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    return stdout;
  }

  it('opens in pdftotext with the title, generated-at line, header and rows', async () => {
    const text = await pdfText(
      exportRows({
        format: 'pdf',
        columns,
        rows: asAsync(users),
        title: 'Users report',
        generatedAt: new Date(Date.UTC(2025, 5, 1, 12, 0, 0)),
      }),
    );
    expect(text).toContain('Users report');
    expect(text).toContain('Generated at 2025-06-01 12:00:00 (UTC)');
    expect(text).toMatch(/ID\s+Name\s+E-mail\s+Score\s+Active\s+Created at\s+Note/);
    expect(text).toMatch(/1\s+Ada Lovelace\s+ada@example\.com\s+42\.5\s+yes\s+2025-01-02 03:04:05\s+plain/);
    expect(text).toMatch(/2\s+Zoë "Zed" Ångström\s+zoe@example\.com\s+-7\s+no\s+comma, quote " and newline/);
    expect(text).toMatch(/3\s+Renée Müller\s+renee@example\.com\s+yes\s+2024-12-31 23:59:59/);
    expect(text).toContain('Page 1');
  });

  it('repeats the header on every page, numbers the pages and cuts long cells', async () => {
    const many = Array.from({ length: 120 }, (_, i) => ({ id: i + 1, text: `row-${i + 1} ${'long text '.repeat(i === 0 ? 200 : 1)}` }));
    const text = await pdfText(
      exportRows({
        format: 'pdf',
        columns: [
          { key: 'id', header: 'Number' },
          { key: 'text', header: 'Text', width: 3 },
        ],
        rows: many,
        title: 'Many',
      }),
    );
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, i) => {
      expect(page).toMatch(/Number\s+Text/);
      expect(page).toContain(`Page ${i + 1}`);
    });
    for (let i = 1; i <= 120; i++) expect(text).toContain(`row-${i} `);
    expect(text).toContain('…');
    expect(text.match(/long text/g)!.length).toBeLessThan(200);
  });

  it('shows non-Latin text as ? with the built-in font, and as itself with a TrueType font', async () => {
    const rows = [{ v: 'Zürich 北京' }];
    const plain = await pdfText(exportRows({ format: 'pdf', columns: [{ key: 'v', header: 'City' }], rows, title: 'Cities' }));
    expect(plain).toContain('Zürich ??');
    const font = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
    if (!existsSync(font)) return; // fonts-dejavu not installed: the TrueType half cannot run
    const embedded = await pdfText(
      exportRows({
        format: 'pdf',
        columns: [{ key: 'v', header: 'City' }],
        rows: [{ v: 'Zürich Ωμέγα' }],
        title: 'Cities',
        pdfFonts: { regular: font },
      }),
    );
    expect(embedded).toContain('Zürich Ωμέγα');
  });

  // Issue 15: a PDF is not a spreadsheet; a phone number or formula-like text is printed as typed.
  it('prints text as typed, without a formula guard', async () => {
    const text = await pdfText(
      exportRows({
        format: 'pdf',
        columns: [{ key: 'v', header: 'Phone' }],
        rows: [{ v: '+44 20 7946 0000' }, { v: '=1+1' }],
        title: 'Phones',
      }),
    );
    expect(text).toContain('+44 20 7946 0000');
    expect(text).toMatch(/(^|\s)=1\+1/m);
    expect(text).not.toContain("'");
  });

  it('says so when there are no rows', async () => {
    expect(await pdfText(exportRows({ format: 'pdf', columns, rows: [], title: 'Empty' }))).toContain('No rows.');
  });
});

describe.each<ExportFormat>(['csv', 'excel', 'pdf'])('%s streaming', (format) => {
  function source(total: number) {
    const state = { pulled: 0, closed: false };
    async function* rows() {
      try {
        for (let i = 0; i < total; i++) {
          state.pulled++;
          yield { id: i, name: `name ${i}`, email: `user${i}@example.com` };
        }
      } finally {
        state.closed = true;
      }
    }
    return { state, rows: rows() };
  }
  const cols = [
    { key: 'id', header: 'ID' },
    { key: 'name', header: 'Name' },
    { key: 'email', header: 'E-mail' },
  ];

  it('pulls rows only as fast as the consumer reads (backpressure)', async () => {
    const { state, rows } = source(200_000);
    const stream = exportRows({ format, columns: cols, rows, title: 'x' });
    await new Promise((r) => setTimeout(r, 300)); // nobody reads
    expect(state.pulled).toBeLessThan(20_000);
    stream.destroy();
  });

  it('stops reading the source when the consumer goes away', async () => {
    const { state, rows } = source(200_000);
    const stream = exportRows({ format, columns: cols, rows, title: 'x' });
    let seen = 0;
    await new Promise<void>((resolve) => {
      stream.on('data', (c: Buffer) => {
        seen += c.length;
        if (seen > 1000) {
          stream.destroy();
          resolve();
        }
      });
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(state.closed).toBe(true);
    expect(state.pulled).toBeLessThan(200_000);
  });

  it('fails the stream when the source fails', async () => {
    async function* broken() {
      yield { id: 1 };
      throw new Error('database gone');
    }
    await expect(collect(exportRows({ format, columns: cols, rows: broken(), title: 'x' }))).rejects.toThrow('database gone');
  });
});

describe('memory', () => {
  it('streams a 100k-row CSV export to a null sink with small RSS growth', async () => {
    const r = await measureExportMemory('csv', 100_000);
    const growthMb = r.peakRssGrowthBytes / 1024 / 1024;
    console.info(
      `[export memory] 100k-row CSV: ${(r.bytes / 1024 / 1024).toFixed(1)} MB written, peak RSS growth ${growthMb.toFixed(1)} MB`,
    );
    expect(r.bytes).toBeGreaterThan(100_000 * 40);
    expect(growthMb).toBeLessThan(100); // the goal; the file itself is ~7.6 MB
  });
});

describe('keysetBatches', () => {
  const table = Array.from({ length: 2500 }, (_, i) => ({ id: i + 1 }));
  const calls: Array<[number | null, number]> = [];
  const fetchPage = async (after: number | null, limit: number) => {
    calls.push([after, limit]);
    return table.filter((r) => r.id > (after ?? 0)).slice(0, limit);
  };

  it('pages by the last id until a short page', async () => {
    calls.length = 0;
    const sizes = [];
    for await (const batch of keysetBatches(fetchPage, 1000)) sizes.push(batch.length);
    expect(sizes).toEqual([1000, 1000, 500]);
    expect(calls).toEqual([
      [null, 1000],
      [1000, 1000],
      [2000, 1000],
    ]);
  });

  it('stops on an empty page when the total is a multiple of the batch size', async () => {
    calls.length = 0;
    const ids = [];
    for await (const row of keysetRows(fetchPage, 500)) ids.push(row.id);
    expect(ids).toEqual(table.map((r) => r.id));
    expect(calls.at(-1)).toEqual([2500, 500]);
  });

  it('supports a compound cursor for other sort orders', async () => {
    const people = [
      { id: 3, name: 'a' },
      { id: 1, name: 'b' },
      { id: 2, name: 'b' },
      { id: 5, name: 'c' },
      { id: 4, name: 'd' },
    ];
    type Cursor = { name: string; id: number };
    const after = (c: Cursor | null) => (p: (typeof people)[number]) => !c || p.name > c.name || (p.name === c.name && p.id > c.id);
    const out = [];
    for await (const p of keysetRows<(typeof people)[number], Cursor>(
      async (c, limit) => people.filter(after(c)).slice(0, limit),
      2,
      (p) => ({ name: p.name, id: p.id }),
    ))
      out.push(p.id);
    expect(out).toEqual([3, 1, 2, 5, 4]);
  });

  it('refuses a cursor that does not advance, and a bad batch size', async () => {
    const stuck = async () => [{ id: 1 }, { id: 1 }];
    await expect(async () => {
      for await (const _ of keysetBatches(stuck, 2)) void _;
    }).rejects.toThrow(/did not advance/);
    await expect(async () => {
      for await (const _ of keysetBatches(fetchPage, 0)) void _;
    }).rejects.toThrow(RangeError);
  });
});

describe('helpers', () => {
  it('names content types, extensions and file names', () => {
    expect(exportContentType('csv')).toBe('text/csv; charset=utf-8');
    expect(exportContentType('excel')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(exportContentType('pdf')).toBe('application/pdf');
    expect(['csv', 'excel', 'pdf'].map((f) => exportFileExtension(f as ExportFormat))).toEqual(['csv', 'xlsx', 'pdf']);
    expect(exportFileName('User sessions (all)', 'excel', new Date(Date.UTC(2025, 0, 2, 3, 4, 5)))).toBe(
      'user-sessions-all-20250102-030405.xlsx',
    );
    expect(exportFileName('Überblick', 'csv', new Date(0))).toBe('uberblick-19700101-000000.csv');
  });

  it('refuses an unknown format', () => {
    expect(() => exportRows({ format: 'xml' as ExportFormat, columns: [], rows: [], title: 'x' })).toThrow(/Unknown export format/);
  });
});
