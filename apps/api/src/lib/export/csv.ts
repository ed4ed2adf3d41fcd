import { stringify } from 'csv-stringify';
import { Readable, Transform, pipeline } from 'node:stream';
import { setImmediate as nextMacrotask } from 'node:timers/promises';
import { DateFormatter, cellText, guardFormula, rawCell } from './cells.js';
import type { ExportOptions, ExportRow } from './types.js';

/** The last line of a CSV whose rows failed part way: a reader of the partial file sees it. */
export const CSV_FAILED_LINE = '### Export failed: this file is incomplete ###';

/**
 * RFC 4180 CSV (CRLF, quotes where needed) with a UTF-8 BOM so Excel reads it as UTF-8.
 * Streams with backpressure: rows are pulled only as fast as the consumer reads.
 *
 * If the rows fail after the first bytes went out, the file ends with CSV_FAILED_LINE and the
 * stream then fails, so the server cuts the transfer short (no closing chunk: clients report
 * an interrupted download) instead of serving a shorter file as if it were complete.
 */
export function csvExport<Row extends ExportRow>(options: ExportOptions<Row>): Readable {
  const dates = new DateFormatter(options.timeZone);
  const { columns } = options;
  let failure: Error | undefined;
  async function* records() {
    yield columns.map((c) => guardFormula(c.header, 'csv'));
    try {
      for await (const row of options.rows) yield columns.map((c) => cellText(rawCell(c, row), dates, 'csv'));
    } catch (err) {
      failure = err instanceof Error ? err : new Error(String(err));
      yield [CSV_FAILED_LINE];
    }
  }
  const stringifier = stringify({
    bom: true,
    record_delimiter: 'windows',
    // Every guarded cell starts with the guard's quote (cells.ts) and is quoted as OWASP advises:
    // a reader that honours quotes keeps it whole, whatever list separator it splits on.
    quoted_match: /^'/,
  });
  // Fails the stream once the failure line has been handed on (destroying earlier would drop it).
  const failAtEnd = new Transform({
    transform: (chunk, _encoding, done) => done(null, chunk),
    flush(done) {
      if (!failure) return done();
      void (async () => {
        for (let turn = 0; turn < 100 && this.readableLength > 0; turn++) await nextMacrotask();
        done(failure);
      })();
    },
  });
  // pipeline destroys the row source (and so ends the database cursor) if the consumer goes away.
  return pipeline(Readable.from(records()), stringifier, failAtEnd, () => {});
}
