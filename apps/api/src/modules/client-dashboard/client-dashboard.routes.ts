import { CLIENT_DASHBOARD_PATH, PERMISSION_KEYS, clientDashboardResponseSchema } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errors } from '../../lib/http-schemas.js';
import { readClientDashboard } from './client-dashboard.repository.js';

/** GET /client-dashboard (demoAdminData): the demo admin's figures from one call. */
export default async function clientDashboardRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    CLIENT_DASHBOARD_PATH,
    {
      config: { permission: PERMISSION_KEYS.clientDashboard.view },
      schema: {
        tags: ['dashboard'],
        summary: 'Clients by type and status, demo and campaign media, manage-actions and bulk upload outcomes',
        security: [{ bearer: [] }],
        response: { 200: clientDashboardResponseSchema, ...errors(401, 403) },
      },
    },
    async () => ({ data: await readClientDashboard(app.db) }),
  );
}
