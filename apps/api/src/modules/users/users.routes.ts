import {
  ERROR_MESSAGES,
  idParamSchema,
  PERMISSION_KEYS,
  regenerateKeyResponseSchema,
  type User,
  userListItemSchema,
  userMutationResponseSchema,
  usersResource,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errors } from '../../lib/http-schemas.js';
import { recordChange, registerResourceRoutes } from '../../lib/resource/index.js';
import { withManageable } from '../roles/index.js';
import { userListFilters, usersList } from './users.repository.js';
import { createUsersService, USER_MESSAGES } from './users.service.js';

/** Users (spec s.7 "Users and profile"): the resource pattern plus PATCH /users/{id}/regenerate-api-key. */
export default async function usersRoutes(app: FastifyInstance) {
  const service = createUsersService(app);

  registerResourceRoutes(app, {
    resource: usersResource,
    list: usersList,
    service,
    filters: userListFilters,
    messages: USER_MESSAGES,
    listRow: userListItemSchema,
    decorate: withManageable(app, (user: User) => user.roleId),
    mutationResponse: userMutationResponseSchema,
    summaries: {
      list: 'Users (list query + roleId, companyId, status filters)',
      add: 'Add a user (multipart: fields + profile image)',
      update: 'Edit a user (multipart; an empty password keeps the current one)',
      remove: 'Delete a user (not yourself, not the last active super admin)',
    },
  });

  app.withTypeProvider<ZodTypeProvider>().patch(
    usersResource.routes.member('regenerate-api-key'),
    {
      config: { permission: PERMISSION_KEYS.users.regenerateKey },
      schema: {
        tags: ['users'],
        summary: 'Issue a new API key (shown once; stored hashed; the old key stops working)',
        description: `Failure text in the SPA: "${ERROR_MESSAGES.regenerateKey}".`,
        security: [{ bearer: [] }],
        params: idParamSchema,
        response: { 200: regenerateKeyResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { apiKey, change } = await service.regenerateApiKey({ request }, request.params.id);
      await recordChange(request, 'user', 'regenerate-api-key', change);
      return { responseType: true, message: USER_MESSAGES.keyRegenerated, apiKey };
    },
  );
}
