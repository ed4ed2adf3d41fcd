import { ADMIN_API_PATHS, PERMISSION_KEYS, productDashboardResponseSchema, timeZoneField } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limits } from '../../config.js';
import { errors } from '../../lib/http-schemas.js';
import { createProductDashboardRepository } from './product-dashboard.repository.js';

/** Days shown by the sign-ins chart, today included. */
const SIGN_IN_DAYS = 14;
const RECENT_CHANGES = 10;

const querySchema = z.object({
  // Days are counted in the browser's time zone when it says which one (spec s.9); UTC otherwise.
  timeZone: timeZoneField.transform((tz) => tz ?? 'UTC'),
});

/** {product}Data: the product dashboard from one call. */
export default async function productDashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = createProductDashboardRepository(app.db);
  const l = limits(app.config);

  r.get(
    ADMIN_API_PATHS.productDashboard,
    {
      config: { permission: PERMISSION_KEYS.productDashboard.view },
      schema: {
        tags: ['dashboard'],
        summary: `Companies, users, roles, live sessions, sign-ins per day (${SIGN_IN_DAYS} days) and the latest changes`,
        security: [{ bearer: [] }],
        querystring: querySchema,
        response: { 200: productDashboardResponseSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const now = app.clock.now();
      const bounds = {
        now,
        idleSince: new Date(now.getTime() - l.idleMs),
        rememberIdleSince: new Date(now.getTime() - l.rememberIdleMs),
      };
      const [counters, signInsPerDay, changes] = await Promise.all([
        repo.counters(bounds),
        repo.signInsPerDay(now, request.query.timeZone, SIGN_IN_DAYS),
        repo.recentChanges(RECENT_CHANGES),
      ]);
      return {
        data: {
          ...counters,
          signInsPerDay,
          recentChanges: changes.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
        },
      };
    },
  );
}
