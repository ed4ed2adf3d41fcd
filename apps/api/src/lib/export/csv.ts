import { stringify } from 'csv-stringify';
import { Readable, pipeline } from 'node:stream';
import { DateFormatter, cellText, guardFormula, rawCell } from './cells.js';
import type { ExportOptions, ExportRow } from './types.js';

/**
 * RFC 4180 CSV (CRLF, quotes where needed) with a UTF-8 BOM so Excel reads it as UTF-8.
 * Streams with backpressure: rows are pulled only as fast as the consumer reads.
 */
export function csvExport<Row extends ExportRow>(options: ExportOptions<Row>): Readable {
  const dates = new DateFormatter(options.timeZone);
  const { columns } = options;
  async function* records() {
    yield columns.map((c) => guardFormula(c.header));
    for await (const row of options.rows) yield columns.map((c) => cellText(rawCell(c, row), dates));
  }
  const stringifier = stringify({
    bom: true,
    record_delimiter: 'windows',
  });
  // pipeline destroys the row source (and so ends the database cursor) if the consumer goes away.
  return pipeline(Readable.from(records()), stringifier, () => {});
}

