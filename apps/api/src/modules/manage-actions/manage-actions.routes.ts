import { manageActionDeleteResponseSchema, manageActionMutationResponseSchema, manageActionsResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { registerResourceRoutes } from '../../lib/resource/index.js';
import { manageActionListFilters, manageActionsList } from './manage-actions.repository.js';
import { createManageActionsService, MANAGE_ACTION_MESSAGES } from './manage-actions.service.js';

/** Manage-actions (DESIGN s.4b): a client's actions; JSON add/update/delete whose answers also carry `responseType: true`. */
export default async function manageActionsRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, {
    resource: manageActionsResource,
    list: manageActionsList,
    service: createManageActionsService(app),
    filters: manageActionListFilters,
    messages: MANAGE_ACTION_MESSAGES,
    mutationExtras: () => ({ responseType: true }),
    mutationResponse: manageActionMutationResponseSchema,
    deleteResponse: { schema: manageActionDeleteResponseSchema, extras: { responseType: true } },
    summaries: { list: 'Manage-actions (list query; clientId for one client, actionType, status)', remove: 'Delete an action' },
  });
}
