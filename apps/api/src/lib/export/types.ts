import type { EXPORT_FORMATS } from '@console/contract';

/** Spec s.9: csv, excel (xlsx), pdf. */
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export type ExportRow = Record<string, unknown>;

/** What a column's `format` may return; anything else is shown as JSON. */
export type CellValue = string | number | bigint | boolean | Date | null | undefined;

export interface ExportColumn<Row extends ExportRow = ExportRow> {
  key: string;
  header: string;
  /** Turns the raw value into what is written (default: the value as is). */
  format?: (value: unknown, row: Row) => CellValue;
  /**
   * @deprecated Ignored: XLSX and PDF size every column from its header and values (widths.ts).
   * (It used to be a PDF share and was also read as Excel characters, giving 0.5-character columns.)
   */
  width?: number;
}

export interface ExportOptions<Row extends ExportRow = ExportRow> {
  format: ExportFormat;
  columns: readonly ExportColumn<Row>[];
  rows: AsyncIterable<Row> | Iterable<Row>;
  /** Sheet name (XLSX) and heading (PDF). */
  title: string;
  /** IANA time zone for dates written as text (CSV, PDF) and shown by Excel; default UTC. */
  timeZone?: string;
  /** "Generated at" moment of the PDF heading (default now). */
  generatedAt?: Date;
  /** PDF only: TrueType fonts for non-Latin text (e.g. DejaVuSans). Default: Helvetica (Latin-1 only). */
  pdfFonts?: { regular: string | Buffer; bold?: string | Buffer };
}
