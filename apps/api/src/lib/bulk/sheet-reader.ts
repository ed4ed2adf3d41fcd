import { BULK_PREVIEW_MESSAGES } from '@console/contract';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import { parse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import { cellText, headerKey } from './sheet-cells.js';
import { ArchiveRefused } from './archive-checks.js';
import { bufferedReads } from './buffered-reads.js';
import { copyCheckedWorkbook } from './xlsx-guard.js';

export type SheetFormat = 'csv' | 'xlsx';
/** @public API of the bulk-upload groundwork for the demo-admin screens (issue 7 s.2-3), not used yet */
export type RowError = { column: string; message: string };

/**
 * A row's errors as the upload reports them: the contract's sentences, as the add form shows them
 * under its fields ('Action name is required'), without a technical column prefix.
 */
export const rowErrorText = (errors: readonly RowError[]) => errors.map((e) => e.message).join('; ');
/** A row that failed keeps its cells by column (`raw`), e.g. so a manifest row still names its file. */
export type SheetRow<T> =
  | { row: number; ok: true; data: T }
  | { row: number; ok: false; errors: RowError[]; raw: Record<string, string | undefined> };

/** The whole sheet is unusable (no header, missing columns, too many rows); rows are judged alone. */
export class SheetError extends Error {}

export type SheetOptions<S extends z.ZodObject> = {
  format: SheetFormat;
  /** One key per column; a column whose schema accepts undefined may be absent from the file. */
  schema: S;
  /** Rows read at most (header excluded); reading past it throws SheetError. */
  maxRows?: number;
  /** Sheet rows up to this number are passed over unvalidated (a job resuming where it stopped). */
  after?: number;
  /**
   * A compiled fast path for rows that are plainly valid: answers exactly what `schema` would
   * answer for the row, or undefined when it is not sure, and the schema decides (every failure
   * and its message are the schema's own). Saves zod's generic work on the rows of a large sheet.
   */
  quick?: (record: Record<string, string | undefined>) => z.infer<S> | undefined;
  /**
   * Which column fills which field (contract bulkMappingSchema): a header per field, null to leave
   * the field unread; a field left out is found by its own name. Without it every field is found by name.
   */
  mapping?: Readonly<Record<string, string | null | undefined>> | null;
  /** Called once with the header row's cells (blank ones undefined), before they are matched to the fields. */
  onHeader?: (cells: readonly (string | undefined)[]) => void;
};

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** CSV or XLSX by content: XLSX has a ZIP signature file-type knows; CSV is text without NULs. */
export async function detectSheetFormat(filePath: string): Promise<SheetFormat | null> {
  const fh = await open(filePath, 'r');
  try {
    const { buffer, bytesRead } = await fh.read(Buffer.alloc(4100), 0, 4100, 0);
    const head = buffer.subarray(0, bytesRead);
    const type = await fileTypeFromBuffer(head);
    if (type) return type.mime === XLSX_MIME ? 'xlsx' : null;
    return head.includes(0) ? null : 'csv';
  } finally {
    await fh.close();
  }
}

/**
 * Streams the rows of a CSV (csv-parse) or the first worksheet of an XLSX (exceljs streaming
 * reader), never holding the file in memory. The first row is the header; each later non-empty
 * row is validated against `schema` and yielded with its sheet row number (as a spreadsheet
 * shows it, header = row 1) and, when invalid, errors naming each column. Whatever the file does
 * wrong surfaces as a SheetError (the parsers' own errors are wrapped), never as another error,
 * so a caller can tell a bad file from a failure of its own work.
 */
export async function* readSheet<S extends z.ZodObject>(filePath: string, opts: SheetOptions<S>): AsyncGenerator<SheetRow<z.infer<S>>> {
  for await (const batch of readSheetBatches(filePath, opts)) yield* batch;
}

/**
 * `readSheet` in batches of up to `batchSize` rows (the last may be smaller). A bulk import
 * writes in batches anyway, and handing rows over a batch at a time instead of one by one
 * saves a few awaits per row: a third of the reading time of a large CSV.
 */
export async function* readSheetBatches<S extends z.ZodObject>(
  filePath: string,
  opts: SheetOptions<S>,
  batchSize = 1000,
): AsyncGenerator<SheetRow<z.infer<S>>[]> {
  const keys = Object.keys(opts.schema.shape);
  const byHeader = new Map(keys.map((k) => [headerKey(k), k]));
  let columns: (string | undefined)[] | undefined;
  let count = 0;
  let out: SheetRow<z.infer<S>>[] = [];
  const source = opts.format === 'csv' ? csvRecords(filePath) : xlsxRows(filePath);
  try {
    for (;;) {
      const next = await source.next().catch(unreadable);
      if (next.done) break;
      for (const { row, cells } of next.value) {
        // In place (the array is the source's own), holes of a sparse XLSX row included.
        const texts = cells as (string | undefined)[];
        for (let i = 0; i < texts.length; i++) texts[i] = cellText(texts[i]);
        if (!columns) {
          opts.onHeader?.(texts);
          columns = headerColumns(texts, byHeader, opts.schema, opts.mapping);
          continue;
        }
        if (isBlank(texts)) continue;
        if (opts.maxRows !== undefined && ++count > opts.maxRows) throw new SheetError(`The sheet has more than ${opts.maxRows} rows`);
        if (opts.after !== undefined && row <= opts.after) continue;
        out.push(validate(row, texts, columns, opts.schema, opts.quick));
        if (out.length >= batchSize) {
          yield out;
          out = [];
        }
      }
    }
  } finally {
    await source.return(undefined); // stopped early: the source closes its file (and removes an XLSX's checked copy)
  }
  if (!columns) throw new SheetError('The sheet is empty: the first row must name the columns');
  if (out.length > 0) yield out;
}

function validate<S extends z.ZodObject>(
  row: number,
  texts: (string | undefined)[],
  columns: (string | undefined)[],
  schema: S,
  quick: SheetOptions<S>['quick'],
): SheetRow<z.infer<S>> {
  const record: Record<string, string | undefined> = {};
  for (let i = 0; i < columns.length; i++) {
    const key = columns[i];
    if (key) record[key] = texts[i];
  }
  const data = quick?.(record);
  if (data !== undefined) return { row, ok: true, data };
  // The schema's own messages (the sentences the forms show) win; sheetIssueMessage only words what zod would say.
  const parsed = schema.safeParse(record, { error: sheetIssueMessage });
  if (parsed.success) return { row, ok: true as const, data: parsed.data as z.infer<S> };
  return { row, ok: false as const, errors: parsed.error.issues.map(rowError), raw: record };
}

function isBlank(texts: (string | undefined)[]): boolean {
  for (let i = 0; i < texts.length; i++) if (texts[i] !== undefined) return false;
  return true;
}

/** exceljs and csv-parse throw plain errors on a file they cannot read at all. */
function unreadable(err: unknown): never {
  if (err instanceof SheetError) throw err;
  throw new SheetError(`The sheet could not be read (${(err as Error).message})`);
}

/**
 * How many data rows `readSheet` will yield (rows with a non-blank cell after the header),
 * counted before any is processed: a job refuses an over-long sheet before it writes a row, and
 * shows progress against the count. CSV is counted in one pass over its bytes (quotes
 * respected; far cheaper than parsing); XLSX rows go through the streaming reader.
 */
export async function countSheetRows(filePath: string, format: SheetFormat): Promise<number> {
  if (format === 'csv') return countCsvRows(filePath);
  let rows = -1; // the header
  const source = xlsxRows(filePath);
  try {
    for (;;) {
      const next = await source.next().catch(unreadable);
      if (next.done) return Math.max(0, rows);
      for (const { cells } of next.value) if (rows < 0 || cells.some((c) => cellText(c) !== undefined)) rows++;
    }
  } finally {
    await source.return(undefined);
  }
}

const QUOTE = 0x22;
const NEWLINE = 0x0a;
/** Bytes that do not make a CSV line count as a row: separators, quotes, blanks (a quoted newline too), a BOM's bytes. */
const BLANK = new Uint8Array(256);
for (const b of [0x2c, QUOTE, 0x20, 0x09, 0x0d, NEWLINE, 0xef, 0xbb, 0xbf]) BLANK[b] = 1;

async function countCsvRows(filePath: string): Promise<number> {
  let rows = 0;
  let header = true;
  let quoted = false;
  let content = false;
  for await (const chunk of createReadStream(filePath) as AsyncIterable<Buffer>) {
    let quote = chunk.indexOf(QUOTE);
    for (let i = 0; i < chunk.length; i++) {
      if (content && !quoted) {
        // The rest of a line with content counts for nothing until its line feed, unless a quote comes first.
        if (quote !== -1 && quote < i) quote = chunk.indexOf(QUOTE, i);
        const end = chunk.indexOf(NEWLINE, i);
        const stop = quote !== -1 && (end === -1 || quote < end) ? quote : end;
        if (stop === -1) break;
        i = stop;
      }
      const b = chunk[i] as number;
      if (b === QUOTE) quoted = !quoted; // "" inside a quoted cell toggles twice
      if (b === NEWLINE && !quoted) {
        if (header) header = false;
        else if (content) rows++;
        content = false;
      } else if (!content && BLANK[b] === 0) content = true;
    }
  }
  if (!header && content) rows++;
  return rows;
}

function headerColumns(
  texts: (string | undefined)[],
  byHeader: Map<string, string>,
  schema: z.ZodObject,
  mapping: SheetOptions<z.ZodObject>['mapping'],
) {
  const columns = mapping
    ? fieldColumns(texts, [...byHeader.values()], mapping)
    : texts.map((t) => (t === undefined ? undefined : byHeader.get(headerKey(t))));
  const present = columns.filter((c): c is string => c !== undefined);
  const duplicate = present.find((c, i) => present.indexOf(c) !== i);
  if (duplicate) throw new SheetError(`The column "${duplicate}" appears twice in the header`);
  const missing = [...byHeader.values()].filter((k) => !present.includes(k) && !schema.shape[k].safeParse(undefined).success);
  if (missing.length > 0) throw new SheetError(`Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
  return columns;
}

/**
 * The field each column fills under a mapping: the fields it names first, then the others by
 * their own name among the columns left. A named column the file lacks, or one named twice, makes
 * the sheet unusable as mapped.
 */
export function fieldColumns(
  texts: readonly (string | undefined)[],
  fields: readonly string[],
  mapping: NonNullable<SheetOptions<z.ZodObject>['mapping']>,
) {
  const columns: (string | undefined)[] = texts.map(() => undefined);
  const find = (header: string) => texts.findIndex((t) => t !== undefined && headerKey(t) === headerKey(header));
  for (const field of fields) {
    const header = mapping[field];
    if (typeof header !== 'string') continue;
    const i = find(header);
    if (i === -1) throw new SheetError(BULK_PREVIEW_MESSAGES.noSuchColumn(header));
    if (columns[i] !== undefined) throw new SheetError(BULK_PREVIEW_MESSAGES.columnTwice(texts[i] ?? header));
    columns[i] = field;
  }
  for (const field of fields) {
    if (mapping[field] !== undefined) continue; // named above, or null: not read
    const i = texts.findIndex((t, at) => columns[at] === undefined && t !== undefined && headerKey(t) === headerKey(field));
    if (i !== -1) columns[i] = field;
  }
  return columns;
}

function rowError(issue: z.core.$ZodIssue): RowError {
  return { column: String(issue.path[0] ?? ''), message: issue.message };
}

/** 'actionType' -> 'Action type': a column's name as a sentence starts it. */
export const columnLabel = (key: PropertyKey | undefined) => {
  const words = String(key ?? 'Value')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * Where a schema field has no message of its own, a sentence in the contract's voice
 * ('Title is required'), never zod's 'Invalid input: expected string, received undefined'.
 */
function sheetIssueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  const label = columnLabel(issue.path?.[0]);
  if (issue.code === 'invalid_type' && issue.input === undefined) return `${label} is required`;
  if (issue.code === 'invalid_type') return `${label} is not valid`;
  if (issue.code === 'invalid_value') return `${label} must be one of: ${issue.values.map(String).join(', ')}`;
  return undefined;
}

type RawRow = { row: number; cells: unknown[] };

/**
 * The CSV's records with their row numbers. A file without a quote or a carriage return (what an
 * export or a template filled in usually is) is split on line feeds and commas, which is what
 * csv-parse makes of such a file, at a fraction of its cost; any other goes through csv-parse.
 * `plain` forces the choice (a test compares the two).
 */
export async function* csvRecords(filePath: string, plain?: boolean): AsyncGenerator<RawRow[]> {
  if (plain ?? (await isPlainCsv(filePath))) {
    yield* plainCsvRows(filePath);
    return;
  }
  // Empty lines are kept as records so row numbers match what a spreadsheet shows for the file.
  const parser = createReadStream(filePath).pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: false }));
  let row = 0;
  for await (const records of bufferedReads<string[]>(parser)) yield records.map((cells) => ({ row: ++row, cells }));
}

const CR = 0x0d;

/** No quote (no quoted cell, no quoting error) and no carriage return (csv-parse guesses the record delimiter from the first). */
async function isPlainCsv(filePath: string): Promise<boolean> {
  const stream = createReadStream(filePath, { highWaterMark: PLAIN_CHUNK });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) if (chunk.includes(QUOTE) || chunk.includes(CR)) return false;
    return true;
  } finally {
    stream.destroy();
  }
}

const PLAIN_CHUNK = 256 * 1024;

/** csv-parse's records of a plain CSV (isPlainCsv): a BOM dropped, empty lines kept, no record after a final line feed. */
async function* plainCsvRows(filePath: string): AsyncGenerator<RawRow[]> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let start = true;
  let row = 0;
  const record = (line: string): RawRow => ({ row: ++row, cells: line.split(',') });
  for await (const chunk of createReadStream(filePath, { highWaterMark: PLAIN_CHUNK }) as AsyncIterable<Buffer>) {
    let text = rest + decoder.write(chunk);
    if (start && text.length > 0) {
      start = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    const lines = text.split('\n');
    rest = lines.pop() ?? '';
    if (lines.length > 0) yield lines.map(record);
  }
  let last = rest + decoder.end();
  if (start && last.charCodeAt(0) === 0xfeff) last = last.slice(1);
  if (last !== '') yield [record(last)];
}

/** The first worksheet's rows, read by exceljs from the checked copy of the workbook (xlsx-guard.ts), never from the upload. */
async function* xlsxRows(filePath: string): AsyncGenerator<RawRow[]> {
  const copy = await copyCheckedWorkbook(filePath).catch((err) => {
    throw err instanceof ArchiveRefused ? new SheetError(err.message) : err;
  });
  try {
    const { default: Excel } = await import('exceljs'); // on first use (~16 MB)
    // styles are read because a date cell is only a number without its format.
    const workbook = new Excel.stream.xlsx.WorkbookReader(copy.path, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'emit',
    });
    for await (const worksheet of workbook) {
      for await (const r of worksheet) {
        const row = r as unknown as ExcelJS.Row;
        // row.values is 1-based (index 0 is empty).
        yield [{ row: row.number, cells: (row.values as unknown[]).slice(1) }];
      }
      return; // the first worksheet only (the copy holds no other)
    }
  } finally {
    await copy.remove();
  }
}
