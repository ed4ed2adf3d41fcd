import {
  idParamSchema,
  manageActionDeleteResponseSchema,
  manageActionMutationResponseSchema,
  manageActionsResource,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errors } from '../../lib/http-schemas.js';
import { recordChange, registerResourceRoutes } from '../../lib/resource/index.js';
import { manageActionListFilters, manageActionsList } from './manage-actions.repository.js';
import { createManageActionsService, MANAGE_ACTION_MESSAGES } from './manage-actions.service.js';

/** Manage-actions (DESIGN s.4b): a client's actions; JSON add/update/delete whose answers also carry `responseType: true`. */
export default async function manageActionsRoutes(app: FastifyInstance) {
  const resource = manageActionsResource;
  const service = createManageActionsService(app);
  // The shared factory's delete answers {success, message} only: this module declares its own.
  const { delete: deleteKey, ...keys } = resource.keys;
  registerResourceRoutes(app, {
    resource: { ...resource, keys },
    list: manageActionsList,
    service,
    filters: manageActionListFilters,
    messages: MANAGE_ACTION_MESSAGES,
    mutationExtras: () => ({ responseType: true }),
    mutationResponse: manageActionMutationResponseSchema,
    summaries: { list: 'Manage-actions (list query; clientId for one client, actionType, status)' },
  });

  app.withTypeProvider<ZodTypeProvider>().delete(
    resource.routes.remove,
    {
      config: { permission: deleteKey },
      schema: {
        tags: [resource.name],
        summary: 'Delete an action',
        security: [{ bearer: [] }],
        params: idParamSchema,
        response: { 200: manageActionDeleteResponseSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const change = await service.remove({ request }, request.params.id);
      await recordChange(request, resource.entity, 'delete', change);
      return { success: true, responseType: true, message: MANAGE_ACTION_MESSAGES.deleted };
    },
  );
}
