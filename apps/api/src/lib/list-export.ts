import { listQuerySchema, timeZoneField } from '@console/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cutOffOnFailure, exportContentType, exportFileName, type ExportOptions, type ExportRow, startExport } from './export/index.js';
import { contentDispositionHeader } from './uploads/index.js';

/**
 * Serving "everything the list query selects" as a file (GET /<list>/export/:format, the list
 * query in the query string; page and limit are ignored). One call per route:
 *
 *   return sendExport(request, reply, { format, title: 'Users', entity: 'user', columns, rows: usersList.rows(db, q, filters) });
 *
 * It fetches the first row before anything is sent (a failing query still answers in the error
 * shape), writes the audit row (action 'export', after: {format, query}), sets the download
 * headers and streams; `rows` is pulled only as fast as the client reads and stops if it goes
 * away. A failure in the middle of the stream cuts the transfer short (never a "complete" file;
 * a CSV also ends with a line saying it is incomplete).
 */

/** The query string of an export route: the list query plus an optional IANA time zone for dates. */
export const exportQuerySchema = listQuerySchema.extend({
  // Exported timestamps are written in the browser's zone (spec s.9: "in the browser's time zone").
  timeZone: timeZoneField,
});

/** The file's part of the options is the exporter's own (export/types.ts); the rest is the audit row's. */
export type SendExportOptions<Row extends ExportRow> = Pick<ExportOptions<Row>, 'format' | 'columns' | 'rows' | 'timeZone'> & {
  /** Sheet name, PDF heading and file name stem (e.g. "Users" -> users-20250101-093000.csv). */
  title: string;
  /** Audit entity, e.g. 'user', 'company'. */
  entity: string;
  /** What goes into the audit row as the query (default: the request's query string). */
  query?: unknown;
};

export async function sendExport<Row extends ExportRow>(request: FastifyRequest, reply: FastifyReply, options: SendExportOptions<Row>) {
  const query = options.query ?? request.query;
  const timeZone = options.timeZone ?? (query as { timeZone?: string } | undefined)?.timeZone;
  const file = await startExport({ format: options.format, title: options.title, columns: options.columns, rows: options.rows, timeZone });
  try {
    await request.server.audit.record(request, { action: 'export', entity: options.entity, after: { format: options.format, query } });
  } catch (err) {
    file.destroy();
    throw err;
  }
  reply
    .header('content-type', exportContentType(options.format))
    .header('content-disposition', contentDispositionHeader(exportFileName(options.title, options.format), 'attachment'))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store');
  return reply.send(cutOffOnFailure(reply.raw, file));
}
