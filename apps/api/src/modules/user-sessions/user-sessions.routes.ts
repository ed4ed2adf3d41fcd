import {
  API_PATHS,
  HEADER_NAMES,
  operationResponseSchema,
  PERMISSION_KEYS,
  SERVER_MESSAGES,
  userSessionAddSchema,
  userSessionsResource,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { errors } from '../../lib/http-schemas.js';
import { registerResourceRoutes } from '../../lib/resource/index.js';
import { requireAuth } from '../../plugins/auth.js';
import { USER_SESSIONS_EXPORT_FORMATS, userSessionsList } from './user-sessions.list.js';
import { createUserSessionsService } from './user-sessions.service.js';

const K = PERMISSION_KEYS.userSessions;

/**
 * The read-only resource (GET /user-sessions and its export, own sessions unless
 * user-sessions.view-all), POST /user-sessions/{id}/end and POST /auth/user-sessions/add.
 */
export default async function userSessionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createUserSessionsService(app.sessions, app.clock, app.db);
  const tags = [userSessionsResource.name];
  const security = [{ bearer: [] }];

  registerResourceRoutes(app, {
    resource: userSessionsResource,
    list: userSessionsList,
    filters: (query, request) => service.scope(requireAuth(request), query.userId as number | undefined),
    decorate: async (request) => service.current(requireAuth(request)),
    exportFormats: USER_SESSIONS_EXPORT_FORMATS,
    summaries: {
      list: 'Sessions of a user (own ones unless user-sessions.view-all)',
      export: 'Every session the list query selects (own ones unless user-sessions.view-all), as CSV, Excel or PDF',
    },
  });

  r.post(
    API_PATHS.auth.userSessionsAdd,
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'Record the current session (x-session-id must be the bearer session)',
        security,
        body: userSessionAddSchema,
        response: { 200: operationResponseSchema.extend({ data: z.object({ sessionId: z.string() }) }), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const header = request.headers[HEADER_NAMES.sessionId];
      const sent = Array.isArray(header) ? header[0] : header;
      if (sent !== auth.sessionId) {
        const message = 'The x-session-id header does not match the current session';
        throw new AppError('VALIDATION', message, { [HEADER_NAMES.sessionId]: message });
      }
      await service.acknowledge(auth.sessionId, request.body.name);
      return { success: true, message: SERVER_MESSAGES.sessionRecorded, data: { sessionId: auth.sessionId } };
    },
  );

  r.post(
    userSessionsResource.routes.member('end'),
    {
      config: { permission: { any: [K.revoke, K.revokeAny] } },
      schema: {
        tags,
        summary: "End a session (own with user-sessions.revoke, anyone's with user-sessions.revoke-any)",
        security,
        params: z.object({ id: z.uuid() }),
        response: { 200: operationResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await service.end(requireAuth(request), request.params.id);
      return { success: true, message: SERVER_MESSAGES.sessionEnded };
    },
  );
}
