import type { CellValue, ExportColumn, ExportRow } from './types.js';

/**
 * CSV/formula injection guard (OWASP): a spreadsheet opening a CSV runs text that starts with
 * = + - @ TAB or CR as a formula or command. How far the guard goes depends on the reader:
 * - `csv`: the reader may split the line on another separator than ours (`;` is the list
 *   separator in many locales, TAB in others) or on a line break, so a trigger right after any
 *   of those inside the text would start a cell too. Each such trigger gets a single quote in
 *   front, the text gets a leading one, and csv.ts wraps every guarded cell in double quotes.
 *   `x;=1+1;` becomes `'x;'=1+1;`: split on `;` it gives `'x`, `'=1+1`, ``.
 * - `cell` (XLSX, PDF): no guard. XLSX cells are written as text cells (exceljs writes a string
 *   as a string, a formula only from a `{formula}` object), which Excel shows and never runs;
 *   a PDF is not a spreadsheet. A quote there would only corrupt what the person reads.
 * A plain number or phone number (`-5`, `+44 20 7946 0000`, `(020) 555-0100`) passes unguarded
 * everywhere: without letters, quotes, `!`, `|`, `,` or `;` it can reach no function, reference
 * or command, so a spreadsheet can at most read it as a number. Only a leading + or - is
 * allowed, so `-2+3` (an expression) is still guarded in CSV.
 * Every text cell of every export, error sheet and template goes through here.
 */
type FormulaReader = 'cell' | 'csv';
const LEADING_TRIGGER = /^[=+\-@\t\r]/;
const TRIGGER_AFTER_SEPARATOR = /([,;\t\r\n])(?=[=+\-@\t\r])/g;
// Digits, spaces (not TAB or line breaks: those split cells), ( ) . and -; a + only at the start.
const PLAIN_NUMBER = /^[+-]?[\d ().-]*\d[\d ().-]*$/;

export function guardFormula(text: string, reader: FormulaReader = 'csv'): string {
  if (reader === 'cell' || PLAIN_NUMBER.test(text)) return text;
  if (!LEADING_TRIGGER.test(text) && text.search(TRIGGER_AFTER_SEPARATOR) < 0) return text;
  return `'${text.replace(TRIGGER_AFTER_SEPARATOR, "$1'")}`;
}

export function rawCell<Row extends ExportRow>(column: ExportColumn<Row>, row: Row): CellValue {
  const value = row[column.key];
  return column.format ? column.format(value, row) : (value as CellValue);
}

/** The value as a (guarded) string for text formats; numbers (even negative) stay unguarded digits. */
export function cellText(value: unknown, fmt: DateFormatter, reader: FormulaReader): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return guardFormula(value, reader);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return fmt.format(value);
  return guardFormula(JSON.stringify(value) ?? '', reader);
}

/** `yyyy-MM-dd HH:mm:ss` (the console's timestamp format) in a fixed time zone. */
export class DateFormatter {
  private readonly intl: Intl.DateTimeFormat;

  constructor(readonly timeZone = 'UTC') {
    this.intl = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
  }

  private parts(date: Date): Record<string, string> {
    const out: Record<string, string> = {};
    for (const p of this.intl.formatToParts(date)) out[p.type] = p.value;
    return out;
  }

  format(date: Date): string {
    if (Number.isNaN(date.getTime())) return '';
    const p = this.parts(date);
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
  }

  /** The same wall-clock time expressed as a UTC instant (Excel stores dates without a zone). */
  wallClockAsUtc(date: Date): Date {
    const p = this.parts(date);
    return new Date(Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second, date.getUTCMilliseconds()));
  }
}
