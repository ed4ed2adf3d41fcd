import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import { cellText, headerKey } from './sheet-cells.js';
import { xlsxArchiveProblem } from './xlsx-guard.js';

export type SheetFormat = 'csv' | 'xlsx';
/** @public API of the bulk-upload groundwork for the demo-admin screens (issue 7 s.2-3), not used yet */
export type RowError = { column: string; message: string };
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
 * shows it, header = row 1) and, when invalid, errors naming each column.
 */
export async function* readSheet<S extends z.ZodObject>(filePath: string, opts: SheetOptions<S>): AsyncGenerator<SheetRow<z.infer<S>>> {
  const keys = Object.keys(opts.schema.shape);
  const byHeader = new Map(keys.map((k) => [headerKey(k), k]));
  let columns: (string | undefined)[] | undefined;
  let count = 0;
  for await (const { row, cells } of opts.format === 'csv' ? csvRows(filePath) : xlsxRows(filePath)) {
    const texts = Array.from(cells, cellText); // Array.from: sparse XLSX rows have holes
    if (!columns) {
      columns = headerColumns(texts, byHeader, opts.schema);
      continue;
    }
    if (texts.every((t) => t === undefined)) continue;
    if (opts.maxRows !== undefined && ++count > opts.maxRows) throw new SheetError(`The sheet has more than ${opts.maxRows} rows`);
    const record: Record<string, string | undefined> = {};
    columns.forEach((key, i) => {
      if (key) record[key] = texts[i];
    });
    const parsed = opts.schema.safeParse(record);
    if (parsed.success) yield { row, ok: true, data: parsed.data };
    else yield { row, ok: false, errors: parsed.error.issues.map((i) => rowError(i, record)), raw: record };
  }
  if (!columns) throw new SheetError('The sheet is empty: the first row must name the columns');
}

function headerColumns(texts: (string | undefined)[], byHeader: Map<string, string>, schema: z.ZodObject) {
  const columns = texts.map((t) => (t === undefined ? undefined : byHeader.get(headerKey(t))));
  const present = columns.filter((c): c is string => c !== undefined);
  const duplicate = present.find((c, i) => present.indexOf(c) !== i);
  if (duplicate) throw new SheetError(`The column "${duplicate}" appears twice in the header`);
  const missing = [...byHeader.values()].filter((k) => !present.includes(k) && !schema.shape[k].safeParse(undefined).success);
  if (missing.length > 0) throw new SheetError(`Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
  return columns;
}

function rowError(issue: z.core.$ZodIssue, record: Record<string, string | undefined>): RowError {
  const column = String(issue.path[0] ?? '');
  // zod's wording for an absent value ("expected string, received undefined") means nothing to a user.
  const message = column && record[column] === undefined && issue.code === 'invalid_type' ? 'Required' : issue.message;
  return { column, message };
}

async function* csvRows(filePath: string): AsyncGenerator<{ row: number; cells: unknown[] }> {
  // Empty lines are kept as records so row numbers match what a spreadsheet shows for the file.
  const parser = createReadStream(filePath).pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: false }));
  let row = 0;
  for await (const record of parser) yield { row: ++row, cells: record as string[] };
}

async function* xlsxRows(filePath: string): AsyncGenerator<{ row: number; cells: unknown[] }> {
  const problem = await xlsxArchiveProblem(filePath);
  if (problem) throw new SheetError(problem);
  // styles are read because a date cell is only a number without its format.
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(filePath, {
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
      yield { row: row.number, cells: (row.values as unknown[]).slice(1) };
    }
    return; // the first worksheet only
  }
}
