import {
  BULK_PREVIEW_MESSAGES,
  BULK_UPLOAD_KEYS,
  type BulkUploadKind,
  bulkPreviewFieldsSchema,
  bulkPreviewResponseSchema,
  bulkPreviewRoutes,
  bulkSavedMappingResponseSchema,
  bulkSaveMappingBodySchema,
  type PermissionKey,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, multipartBody } from '../../lib/http-schemas.js';
import { createBulkPreviewService } from './bulk-uploads.preview.js';

/**
 * The import preview of a kind (issue 18 part 2) and the user's saved column mapping, beside its
 * seven routes; all behind the kind's bulk-upload key, as the upload itself.
 */
export function registerBulkPreviewRoutes(app: FastifyInstance, kind: BulkUploadKind) {
  const service = createBulkPreviewService(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const paths = bulkPreviewRoutes(kind);
  const permission = BULK_UPLOAD_KEYS[kind].upload as PermissionKey;
  const common = { tags: [kind], security: [{ bearer: [] }] };
  const userId = (request: { auth?: { user: { id: number } } | null }) => request.auth?.user.id ?? 0;

  r.post(
    paths.preview,
    {
      config: { permission },
      schema: {
        ...common,
        summary: `Preview a ${kind === 'manage-actions' ? 'sheet' : 'manifest'} as it would be imported (multipart: clientId, mapping JSON, file); stores nothing`,
        multipartBody: multipartBody(bulkPreviewFieldsSchema.extend({ mapping: z.string().optional() }), { fileField: 'file' }),
        response: { 200: bulkPreviewResponseSchema, ...errors(400, 401, 403, 413) },
      },
    },
    async (request) => ({ success: true as const, data: await service.preview(request, kind) }),
  );

  r.get(
    paths.mapping,
    {
      config: { permission },
      schema: {
        ...common,
        summary: 'Your saved column mapping for this kind (null when none)',
        response: { 200: bulkSavedMappingResponseSchema, ...errors(401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { mapping: (await service.savedMapping(userId(request), kind)) as Record<string, string | null> | null },
    }),
  );

  r.put(
    paths.mapping,
    {
      config: { permission },
      schema: {
        ...common,
        summary: 'Save your column mapping for this kind',
        body: bulkSaveMappingBodySchema(kind),
        response: { 200: z.object({ success: z.literal(true), message: z.string() }), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      await service.saveMapping(userId(request), kind, request.body.mapping);
      return { success: true as const, message: BULK_PREVIEW_MESSAGES.mappingSaved };
    },
  );
}
