import type { CellValue, ExportColumn, ExportRow } from './types.js';

/**
 * CSV/formula injection guard (OWASP): text that a spreadsheet would read as a formula or
 * command gets a leading single quote. Applied to every text cell of every format.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function rawCell<Row extends ExportRow>(column: ExportColumn<Row>, row: Row): CellValue {
  const value = row[column.key];
  return column.format ? column.format(value, row) : (value as CellValue);
}

/** The value as a (guarded) string for text formats; numbers stay unguarded digits. */
export function cellText(value: unknown, fmt: DateFormatter): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return guardFormula(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return fmt.format(value);
  return guardFormula(JSON.stringify(value) ?? '');
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
