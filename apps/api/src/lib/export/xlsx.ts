import type { PassThrough, Readable } from 'node:stream';
import { DateFormatter, guardFormula, rawCell } from './cells.js';
import { FlowControl, streamWrittenBy } from './flow.js';
import type { ExportOptions, ExportRow } from './types.js';
import { sampleRows, XLSX_DATE_FORMAT, xlsxColumnWidth } from './widths.js';

const MAX_CELL_CHARS = 32_767; // Excel's limit per cell
// Characters XML 1.0 cannot carry; exceljs would write them and Excel would call the file corrupt.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this regex's purpose
const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/**
 * XLSX through exceljs' streaming WorkbookWriter: inline strings (no shared-string table),
 * each row committed as it arrives, backpressure from the consumer respected.
 */
export function xlsxExport<Row extends ExportRow>(options: ExportOptions<Row>): Readable {
  return streamWrittenBy((out) => write(options, out));
}

async function write<Row extends ExportRow>(options: ExportOptions<Row>, out: PassThrough): Promise<void> {
  const dates = new DateFormatter(options.timeZone);
  // Loaded on first use: exceljs is ~16 MB of memory a server needs only when someone exports.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(options.title), { views: [{ state: 'frozen', ySplit: 1 }] });
  // Widths from the header and the first rows (see widths.ts): Excel shows ### for a date or
  // number wider than its column, and hides the end of text.
  const toValues = (row: Row) => options.columns.map((c) => xlsxValue(rawCell(c, row), dates));
  const { sample, all } = await sampleRows(options.rows);
  const sampleValues = sample.map(toValues);
  sheet.columns = options.columns.map((c, i) => {
    const header = xlsxText(c.header);
    return {
      key: `c${i}`,
      header,
      width: xlsxColumnWidth(
        header,
        sampleValues.map((v) => shownText(v[i])),
      ),
    };
  });
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  // exceljs keeps committed rows in the sheet's own buffer until the zip (archiver) takes them;
  // if compression falls behind, wait. `_stream.buffers` is exceljs internals: when it is not
  // there (another exceljs version) only `out`'s backpressure applies.
  const pending = () => ((sheet as unknown as { _stream?: { buffers?: unknown[] } })._stream?.buffers?.length ?? 0) > 16;
  const flow = new FlowControl(out, pending);
  let index = 0;
  for await (const row of all) {
    if (flow.stopped) return; // consumer gone: stop reading rows (ends the source iterator)
    const values = index < sampleValues.length ? sampleValues[index] : toValues(row);
    index += 1;
    const added = sheet.addRow(values);
    values.forEach((v, i) => {
      if (v instanceof Date) added.getCell(i + 1).numFmt = XLSX_DATE_FORMAT;
    });
    added.commit();
    await flow.afterRow();
  }
  sheet.commit();
  await workbook.commit();
}

function xlsxValue(value: unknown, dates: DateFormatter): string | number | Date | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return xlsxText(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : dates.wallClockAsUtc(value);
  return xlsxText(JSON.stringify(value) ?? '');
}

/** The text Excel displays for a written value (what the column must be wide enough for). */
function shownText(value: ReturnType<typeof xlsxValue>): string {
  if (value === null) return '';
  if (value instanceof Date) return XLSX_DATE_FORMAT; // same length as every date it shows
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

function xlsxText(text: string): string {
  // Written as a text cell, never a formula: no guard needed (cells.ts), the text stays as typed.
  return guardFormula(text.replace(XML_INVALID, ''), 'cell').slice(0, MAX_CELL_CHARS);
}

/** Excel sheet names: at most 31 characters, none of []:*?/\ and not empty. */
function sheetName(title: string): string {
  return (
    title
      .replace(/[[\]:*?/\\]/g, ' ')
      .replace(XML_INVALID, '')
      .trim()
      .slice(0, 31) || 'Export'
  );
}
