import type { Readable } from 'node:stream';
import { csvExport } from './csv.js';
import { pdfExport } from './pdf.js';
import type { ExportFormat, ExportOptions, ExportRow } from './types.js';
import { xlsxExport } from './xlsx.js';

export * from './types.js';
export { guardFormula } from './cells.js';
export { keysetBatches, keysetRows } from './keyset.js';
export { CSV_FAILED_LINE } from './csv.js';
export { cutOffOnFailure } from './cut-off.js';

/**
 * The rows as a file in the requested format, streamed: constant memory whatever the row
 * count, rows pulled only as fast as the client reads. An error in `rows` destroys the stream
 * (the client sees a cut-off download); a client that goes away stops the iteration.
 */
export function exportRows<Row extends ExportRow>(options: ExportOptions<Row>): Readable {
  switch (options.format) {
    case 'csv':
      return csvExport(options);
    case 'excel':
      return xlsxExport(options);
    case 'pdf':
      return pdfExport(options);
    default:
      throw new Error(`Unknown export format ${JSON.stringify(options.format)}`);
  }
}

/**
 * `exportRows` once the first row is in hand: a query that fails at once (a bad filter, an
 * unknown sort field) rejects here, before a header or byte is sent, so it still gets a proper
 * error answer. A failure after that ends the download visibly (see csv.ts; XLSX and PDF are
 * cut off, which leaves a file no reader opens) and the server cuts the transfer short.
 */
export async function startExport<Row extends ExportRow>(options: ExportOptions<Row>): Promise<Readable> {
  return exportRows({ ...options, rows: await primed(options.rows) });
}

/** The same rows, with the first one already fetched (errors of the first fetch surface here). */
async function primed<Row>(rows: AsyncIterable<Row> | Iterable<Row>): Promise<AsyncIterable<Row>> {
  const iterator: AsyncIterator<Row> | Iterator<Row> =
    Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]();
  const first = await iterator.next();
  return {
    async *[Symbol.asyncIterator]() {
      let finished = first.done === true;
      try {
        if (finished) return;
        yield first.value;
        for (;;) {
          const next = await iterator.next();
          if (next.done) {
            finished = true;
            return;
          }
          yield next.value;
        }
      } finally {
        // The consumer stopped early (client gone, failure): let the source close its cursor.
        if (!finished) await iterator.return?.();
      }
    },
  };
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};
const EXTENSIONS: Record<ExportFormat, string> = { csv: 'csv', excel: 'xlsx', pdf: 'pdf' };

export function exportContentType(format: ExportFormat): string {
  return CONTENT_TYPES[format];
}

export function exportFileExtension(format: ExportFormat): string {
  return EXTENSIONS[format];
}

/** `<title-slug>-<yyyyMMdd-HHmmss>.<ext>` (UTC), e.g. `users-20250101-093000.csv`. */
export function exportFileName(title: string, format: ExportFormat, at: Date = new Date()): string {
  const slug =
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'export';
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${slug}-${stamp}.${EXTENSIONS[format]}`;
}
