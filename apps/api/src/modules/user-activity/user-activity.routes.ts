import { API_PATHS, operationResponseSchema, SERVER_MESSAGES, userActivityAddSchema, userActivityResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../lib/http-schemas.js';
import { registerResourceRoutes } from '../../lib/resource/index.js';
import { requireAuth } from '../../plugins/auth.js';
import { USER_ACTIVITY_EXPORT_FORMATS, userActivityList } from './user-activity.list.js';
import { createUserActivityService } from './user-activity.service.js';

/**
 * The read-only resource (GET /user-activity and its export, own rows unless
 * user-activity.view-all) and POST /auth/user-activity/add, where the SPA records what the
 * signed-in user looks at.
 */
export default async function userActivityRoutes(app: FastifyInstance) {
  const service = createUserActivityService(app.db, app.clock);

  registerResourceRoutes(app, {
    resource: userActivityResource,
    list: userActivityList,
    filters: async (query, request) => (await service.scope(requireAuth(request), query.userId as number | undefined)).filters,
    exportFormats: USER_ACTIVITY_EXPORT_FORMATS,
    summaries: {
      list: 'Activity of a user (own rows unless user-activity.view-all)',
      export: 'Every activity row the list query selects (own rows unless user-activity.view-all), as CSV, Excel or PDF',
    },
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    API_PATHS.auth.userActivityAdd,
    {
      config: { permission: 'session' },
      schema: {
        tags: [userActivityResource.name],
        summary: 'Record what the signed-in user is looking at',
        security: [{ bearer: [] }],
        body: userActivityAddSchema,
        response: { 200: operationResponseSchema.extend({ data: z.object({ id: z.number().int() }) }), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const created = await service.add(requireAuth(request), request.body, request.ip ?? null);
      return { success: true, message: SERVER_MESSAGES.activityRecorded, data: { id: created?.id ?? 0 } };
    },
  );
}
