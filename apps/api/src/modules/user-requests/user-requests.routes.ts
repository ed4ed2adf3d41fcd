import {
  deviceCodeQuerySchema,
  deviceRequestsResponseSchema,
  ingestBodySchema,
  ingestResponseSchema,
  listQuerySchema,
  PERMISSION_KEYS,
  USER_REQUEST_API_PATHS,
  userRequestsResource,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { errors } from '../../lib/http-schemas.js';
import { registerResourceRoutes } from '../../lib/resource/index.js';
import { ingest } from './ingest.service.js';
import { deviceFilter, deviceSummary, userRequestListFilters, userRequestsList } from './user-requests.repository.js';

const K = PERMISSION_KEYS.userRequests;
const tags = [userRequestsResource.name];
const security = [{ bearer: [] }];

/**
 * Ingestion (devices, by API key) and the user-request screens (DESIGN s.4b): the list and its
 * exports are the read-only resource's; ingestion and the device details are this module's own.
 */
export default async function userRequestsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  registerResourceRoutes(app, {
    resource: userRequestsResource,
    list: userRequestsList,
    filters: userRequestListFilters,
    summaries: { list: 'User requests (list query; filters locationId, platform, from, to)' },
  });

  r.post(
    USER_REQUEST_API_PATHS.ingest,
    {
      config: {
        permission: { apiKey: K.ingest },
        // Counted per key owner, after the key passed (route hooks run after the auth hook), so
        // unknown keys cannot use up a real owner's allowance.
        rateLimit: {
          max: app.config.rateLimitIngestPerMinute,
          timeWindow: 60_000,
          keyGenerator: (request) => `ingest:${request.apiCaller?.userId ?? request.ip}`,
        },
      },
      schema: {
        tags,
        summary: 'Devices report user requests (1 to 1000 per batch; each item judged alone)',
        description:
          'Authenticated by a user API key in X-API-Key (the owner must be active and hold user-requests.ingest). ' +
          'Items: {eventId (uuid), deviceCode, toneCode, requestedAt, platform, deviceModel, osVersion, appVersion}. ' +
          'An eventId already stored for the key owner is a duplicate; an unknown tone code or a requestedAt more than ' +
          '5 minutes ahead is rejected with its index. data gives each stored item the content its tone code triggers.',
        security: [{ apiKey: [] }],
        body: ingestBodySchema,
        response: { 200: ingestResponseSchema, ...errors(400, 401, 403, 413, 429) },
      },
    },
    async (request) => {
      const caller = request.apiCaller;
      if (!caller) throw new AppError('UNAUTHENTICATED');
      return ingest(app, caller.userId, request.body);
    },
  );

  r.get(
    USER_REQUEST_API_PATHS.deviceCode,
    {
      config: { permission: K.devices },
      schema: {
        tags,
        summary: "One device's requests (list query) and its summary (device is null for a code never seen)",
        security,
        querystring: listQuerySchema.extend(deviceCodeQuerySchema.shape),
        response: { 200: deviceRequestsResponseSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { deviceCode } = request.query;
      const [page, device] = await Promise.all([
        userRequestsList.page(app.db, request.query, [deviceFilter(deviceCode)]),
        deviceSummary(app.db, deviceCode),
      ]);
      return { ...page, device };
    },
  );
}
