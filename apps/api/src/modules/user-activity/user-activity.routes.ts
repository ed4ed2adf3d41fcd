import {
  ADMIN_API_PATHS,
  API_PATHS,
  exportParamSchema,
  listQuerySchema,
  listResultSchema,
  operationResponseSchema,
  PERMISSION_KEYS,
  SERVER_MESSAGES,
  userActivityAddSchema,
  userActivitySchema,
  userScopedListQuerySchema,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../lib/http-schemas.js';
import { exportQuerySchema, sendExport } from '../../lib/list-export.js';
import { requireAuth } from '../../plugins/auth.js';
import { USER_ACTIVITY_EXPORT_COLUMNS } from './user-activity.list.js';
import { createUserActivityService } from './user-activity.service.js';

export default async function userActivityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createUserActivityService(app.db, app.clock);
  const tags = ['user-activity'];
  const security = [{ bearer: [] }];

  r.post(
    API_PATHS.auth.userActivityAdd,
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'Record what the signed-in user is looking at',
        security,
        body: userActivityAddSchema,
        response: { 200: operationResponseSchema.extend({ data: z.object({ id: z.number().int() }) }), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const created = await service.add(requireAuth(request), request.body, request.ip ?? null);
      return { success: true, message: SERVER_MESSAGES.activityRecorded, data: { id: created?.id ?? 0 } };
    },
  );

  r.get(
    API_PATHS.userActivity,
    {
      config: { permission: { any: [PERMISSION_KEYS.userActivity.view, PERMISSION_KEYS.userActivity.viewAll] } },
      schema: {
        tags,
        summary: 'Activity of a user (own rows unless user-activity.view-all)',
        security,
        querystring: listQuerySchema.extend(userScopedListQuerySchema.shape),
        response: { 200: listResultSchema(userActivitySchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => service.list(requireAuth(request), request.query),
  );

  r.get(
    ADMIN_API_PATHS.userActivityExport(':format'),
    {
      // Exporting is its own grant, like every other list's export; the rows are the list's
      // (own rows unless user-activity.view-all).
      config: { permission: PERMISSION_KEYS.userActivity.export },
      schema: {
        tags,
        summary: 'Every activity row the list query selects (own rows unless user-activity.view-all), as CSV, Excel or PDF',
        security,
        params: exportParamSchema,
        querystring: exportQuerySchema.extend(userScopedListQuerySchema.shape),
        response: errors(400, 401, 403),
      },
    },
    async (request, reply) =>
      sendExport(request, reply, {
        format: request.params.format,
        title: 'User activity',
        entity: 'user-activity',
        columns: USER_ACTIVITY_EXPORT_COLUMNS,
        rows: await service.rows(requireAuth(request), request.query),
      }),
  );
}
