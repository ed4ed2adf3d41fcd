import {
  ADMIN_API_PATHS,
  API_PATHS,
  exportParamSchema,
  HEADER_NAMES,
  listQuerySchema,
  listResultSchema,
  operationResponseSchema,
  PERMISSION_KEYS,
  SERVER_MESSAGES,
  userScopedListQuerySchema,
  userSessionAddSchema,
  userSessionSchema,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { errors } from '../../lib/http-schemas.js';
import { exportQuerySchema, sendExport } from '../../lib/list-export.js';
import { requireAuth } from '../../plugins/auth.js';
import { USER_SESSIONS_EXPORT_COLUMNS } from './user-sessions.list.js';
import { createUserSessionsService } from './user-sessions.service.js';

const K = PERMISSION_KEYS.userSessions;

export default async function userSessionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createUserSessionsService(app.sessions, app.clock, app.db);
  const tags = ['user-sessions'];
  const security = [{ bearer: [] }];

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

  r.get(
    API_PATHS.userSessions,
    {
      config: { permission: { any: [K.view, K.viewAll] } },
      schema: {
        tags,
        summary: 'Sessions of a user (own ones unless user-sessions.view-all)',
        security,
        querystring: listQuerySchema.extend(userScopedListQuerySchema.shape),
        response: { 200: listResultSchema(userSessionSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => service.list(requireAuth(request), request.query),
  );

  r.get(
    ADMIN_API_PATHS.userSessionsExport(':format'),
    {
      // Exporting is its own grant, like every other list's export; the rows are the list's
      // (own sessions unless user-sessions.view-all).
      config: { permission: K.export },
      schema: {
        tags,
        summary: 'Every session the list query selects (own ones unless user-sessions.view-all), as CSV, Excel or PDF',
        security,
        params: exportParamSchema,
        querystring: exportQuerySchema.extend(userScopedListQuerySchema.shape),
        response: errors(400, 401, 403),
      },
    },
    async (request, reply) =>
      sendExport(request, reply, {
        format: request.params.format,
        title: 'User sessions',
        entity: 'user-session',
        columns: USER_SESSIONS_EXPORT_COLUMNS,
        rows: await service.rows(requireAuth(request), request.query),
      }),
  );

  r.post(
    '/user-sessions/:id/end',
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
