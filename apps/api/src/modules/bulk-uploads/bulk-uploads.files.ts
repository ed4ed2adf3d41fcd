import {
  BULK_TEMPLATE_COLUMNS,
  BULK_TEMPLATE_EXAMPLES,
  BULK_UPLOAD_MESSAGES,
  type BulkTemplateFormat,
  type BulkUploadKind,
} from '@console/contract';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { cutOffOnFailure, exportContentType, exportFileExtension, type ExportRow, startExport } from '../../lib/export/index.js';
import { contentDispositionHeader } from '../../lib/uploads/index.js';
import { failedItems, findUpload } from './bulk-uploads.repository.js';

function send(reply: FastifyReply, format: 'csv' | 'excel', fileName: string, file: Readable) {
  return reply
    .header('content-type', exportContentType(format))
    .header('content-disposition', contentDispositionHeader(`${fileName}.${exportFileExtension(format)}`, 'attachment'))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(cutOffOnFailure(reply.raw, file));
}

/** GET /{kind}/bulk-upload/template/{csv|excel}: the columns (as the readers expect them) and one example row. */
export async function sendTemplate(reply: FastifyReply, kind: BulkUploadKind, format: BulkTemplateFormat) {
  const columns = BULK_TEMPLATE_COLUMNS[kind].map((key) => ({ key, header: key }));
  const file = await startExport({ format, title: `${kind} template`, columns, rows: [BULK_TEMPLATE_EXAMPLES[kind]] });
  return send(reply, format, `${kind}-template`, file);
}

/** GET /{kind}/bulk-upload/{id}/errors/csv: every failed item (and a whole-file failure first), streamed. */
export async function sendErrorsCsv(request: FastifyRequest, reply: FastifyReply, kind: BulkUploadKind, id: number) {
  const db = request.server.db;
  const upload = await findUpload(db, kind, id);
  if (!upload) throw new AppError('NOT_FOUND', BULK_UPLOAD_MESSAGES.notFound);
  async function* rows(): AsyncGenerator<ExportRow> {
    if (upload?.error) yield { item: upload.fileName, message: upload.error };
    for await (const row of failedItems(db, id)) yield { item: row.item, message: row.message ?? '' };
  }
  const columns = [
    { key: 'item', header: 'item' },
    { key: 'message', header: 'message' },
  ];
  const file = await startExport({ format: 'csv', title: 'errors', columns, rows: rows() });
  return send(reply, 'csv', `upload-${id}-errors`, file);
}
