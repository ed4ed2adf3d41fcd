import {
  DASHBOARD_DAYS,
  TONE_HOME_API_PATHS as P,
  TONE_HOME_KEYS as K,
  TOP_LOCATIONS,
  toneAnalyticsQuerySchema,
  toneAnalyticsResponseSchema,
  toneDashboardResponseSchema,
  toneHomeResponseSchema,
  toneRecentsQuerySchema,
  toneRecentsResponseSchema,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errors } from '../../lib/http-schemas.js';
import { latestRequests } from '../user-requests/index.js';
import { createToneHomeRepository } from './tone-home.repository.js';

const tags = ['dashboard'];
const security = [{ bearer: [] }];

/**
 * The tones portal's dashboards (DESIGN s.4b): /dashboard (the "super admin" figures shown at
 * /tone-home-dashboard), /home, /home/analytics, /home/recents. All need tone-home.view (see
 * the contract's tone-home.ts for why). Figures come from the rollups, so they reflect a
 * write as soon as its transaction commits.
 */
export default async function toneHomeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = createToneHomeRepository(app.db);
  const today = () => app.clock.now().toISOString().slice(0, 10);

  r.get(
    P.dashboard,
    {
      config: { permission: K.dashboard },
      schema: {
        tags,
        summary: `Locations, user requests, tone sequences, requests per day (${DASHBOARD_DAYS} UTC days) and top locations`,
        security,
        response: { 200: toneDashboardResponseSchema, ...errors(401, 403) },
      },
    },
    async () => {
      const day = today();
      const [totals, requestsPerDay, topLocations] = await Promise.all([
        repo.totals(day),
        repo.requestsPerDay(day, DASHBOARD_DAYS),
        repo.topLocations(TOP_LOCATIONS),
      ]);
      return {
        data: {
          locations: totals.locations,
          totalUserRequests: totals.userRequests,
          totalToneSequences: totals.toneSequences,
          requestsPerDay,
          topLocations,
        },
      };
    },
  );

  r.get(
    P.home,
    {
      config: { permission: K.home },
      schema: {
        tags,
        summary: 'Tones portal counters: locations, tone sequences, user requests, devices, requests today (UTC)',
        security,
        response: { 200: toneHomeResponseSchema, ...errors(401, 403) },
      },
    },
    async () => ({ data: await repo.totals(today()) }),
  );

  r.get(
    P.analytics,
    {
      config: { permission: K.analytics },
      schema: {
        tags,
        summary: 'Requests per UTC day, by platform and by location over the last `days` days',
        security,
        querystring: toneAnalyticsQuerySchema,
        response: { 200: toneAnalyticsResponseSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const day = today();
      const { days } = request.query;
      const [requestsPerDay, byPlatform, byLocation] = await Promise.all([
        repo.requestsPerDay(day, days),
        repo.byPlatform(day, days),
        repo.byLocation(day, days),
      ]);
      return { data: { requestsPerDay, byPlatform, byLocation } };
    },
  );

  r.get(
    P.recents,
    {
      config: { permission: K.recents },
      schema: {
        tags,
        summary: 'The latest user requests, newest first',
        security,
        querystring: toneRecentsQuerySchema,
        response: { 200: toneRecentsResponseSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => ({ data: await latestRequests(app.db, request.query.limit) }),
  );
}
