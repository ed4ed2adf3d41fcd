import { appConfigSchema, API_PATHS, SERVER_MESSAGES } from '@console/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, RETRY_AFTER_SECONDS } from '../../plugins/errors.js';
import { appConfigOf } from '../../plugins/static-spa.js';
import { errors } from '../../lib/http-schemas.js';
import { errorSummary } from '../../lib/logger.js';

const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('up') });

export default async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    API_PATHS.health,
    {
      config: { permission: 'public' },
      schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: healthSchema, ...errors(503) } },
    },
    async (request, reply) => {
      try {
        await app.db.execute(sql`SELECT 1`);
        return { status: 'ok' as const, database: 'up' as const };
      } catch (err) {
        request.log.warn({ err: errorSummary(err) }, 'health check: database unreachable');
        reply.header('retry-after', String(RETRY_AFTER_SECONDS.unavailable));
        return reply.status(503).send(errorBody('UNAVAILABLE', SERVER_MESSAGES.unavailable));
      }
    },
  );

  r.get(
    API_PATHS.appConfig,
    {
      config: { permission: 'public' },
      schema: { tags: ['system'], summary: 'Public configuration of the SPA', response: { 200: appConfigSchema } },
    },
    async () => appConfigOf(app),
  );

  r.get('/openapi.json', { config: { permission: 'public' }, schema: { hide: true } }, async () => app.swagger());
}
