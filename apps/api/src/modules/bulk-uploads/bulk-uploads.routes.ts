import {
  BULK_UPLOAD_KEYS,
  BULK_UPLOAD_KINDS,
  BULK_UPLOAD_MESSAGES,
  type BulkUploadKind,
  bulkTemplateParamSchema,
  bulkUploadAcceptedSchema,
  bulkUploadFieldsSchema,
  bulkUploadFileSchema,
  bulkUploadListQuerySchema,
  bulkUploadRetrySchema,
  bulkUploadRoutes,
  idParamSchema,
  listResultSchema,
  type PermissionKey,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, multipartBody } from '../../lib/http-schemas.js';
import { bulkUploadsList, listFilters } from './bulk-uploads.repository.js';
import { createBulkUploadsService } from './bulk-uploads.service.js';
import { sendErrorsCsv, sendTemplate } from './bulk-uploads.files.js';
import { registerBulkPreviewRoutes } from './bulk-uploads.preview-routes.js';

/**
 * Bulk uploads (DESIGN s.4b): the seven routes under each kind's segment; the background job
 * that does the work is in the job registry (src/jobs). Writes need the kind's bulk-upload key;
 * the lists and the error CSV its view key.
 */
export default async function bulkUploadsRoutes(app: FastifyInstance) {
  const service = createBulkUploadsService(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];

  for (const kind of BULK_UPLOAD_KINDS) {
    const paths = bulkUploadRoutes(kind);
    const keys = BULK_UPLOAD_KEYS[kind];
    const upload = keys.upload as PermissionKey;
    const view = keys.view as PermissionKey;
    const tags = [kind];
    const audit = (request: Parameters<typeof app.audit.record>[0], action: string, id: number, after: unknown, before?: unknown) =>
      app.audit.record(request, { action, entity: 'bulk-upload', entityId: id, before, after });

    registerBulkPreviewRoutes(app, kind);

    r.post(
      paths.upload,
      {
        config: { permission: upload },
        schema: {
          tags,
          summary: `Bulk upload of ${kind} (multipart: clientId, files[]${kind === 'manage-actions' ? '' : ', optional manifest'}); 202, processed in the background`,
          security,
          multipartBody: multipartBody(bulkUploadFieldsSchema, { fileField: 'files', many: true }),
          response: { 202: bulkUploadAcceptedSchema, ...errors(400, 401, 403, 413) },
        },
      },
      async (request, reply) => {
        const rows = await service.upload(request, kind);
        for (const row of rows) await audit(request, 'bulk-upload', row.id, row);
        // Other open lists of this kind (other tabs, other users) refetch; the job reports its progress itself.
        app.live.publish({ topic: 'bulk-uploads', kind, uploadIds: rows.slice(0, 100).map((row) => row.id) });
        return reply.code(202).send({ success: true, message: BULK_UPLOAD_MESSAGES.received(rows.length), data: rows });
      },
    );

    for (const [path, completed] of [
      [paths.completed, true],
      [paths.pendingFailed, false],
    ] as const) {
      r.get(
        path,
        {
          config: { permission: view },
          schema: {
            tags,
            summary: `${kind} upload files ${completed ? 'completed' : 'pending, processing or failed'} (list query, search on fileName)`,
            security,
            querystring: bulkUploadListQuerySchema,
            response: { 200: listResultSchema(bulkUploadFileSchema), ...errors(400, 401, 403) },
          },
        },
        async (request) => bulkUploadsList.page(app.db, request.query, listFilters(kind, completed, request.query.clientId)),
      );
    }

    r.post(
      paths.retry,
      {
        config: { permission: upload },
        schema: {
          tags,
          summary: 'Queue the failed items of an upload again (409 when nothing failed or it is running)',
          security,
          params: idParamSchema,
          response: { 202: bulkUploadRetrySchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const row = await service.retry(kind, request.params.id);
        await audit(request, 'bulk-upload-retry', row.id, row);
        app.live.publish({ topic: 'bulk-uploads', kind, uploadIds: [row.id] });
        return reply.code(202).send({ success: true, message: BULK_UPLOAD_MESSAGES.retried, data: row });
      },
    );

    r.delete(
      paths.remove,
      {
        config: { permission: upload },
        schema: {
          tags,
          summary: 'Remove an upload row and its stored file (409 while it is processed); what it created stays',
          security,
          params: idParamSchema,
          response: { 200: z.object({ success: z.boolean(), message: z.string() }), ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const before = await service.remove(kind, request.params.id, request);
        await audit(request, 'delete', before.id, null, before);
        app.live.publish({ topic: 'bulk-uploads', kind, uploadIds: [before.id] });
        return { success: true, message: BULK_UPLOAD_MESSAGES.deleted };
      },
    );

    r.get(
      paths.errorsCsv,
      {
        config: { permission: view },
        schema: {
          tags,
          summary: 'The failed items of an upload as CSV (item, message)',
          security,
          params: idParamSchema,
          response: errors(400, 401, 403, 404),
        },
      },
      async (request, reply) => sendErrorsCsv(request, reply, kind, request.params.id),
    );

    r.get(
      paths.template,
      {
        config: { permission: upload },
        schema: {
          tags,
          summary: `The ${kind === 'manage-actions' ? 'sheet' : 'manifest'} template with one example row (csv or excel)`,
          security,
          params: bulkTemplateParamSchema,
          response: errors(400, 401, 403),
        },
      },
      async (request, reply) => sendTemplate(reply, kind as BulkUploadKind, request.params.format),
    );
  }
}
