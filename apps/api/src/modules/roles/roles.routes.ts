import { PERMISSION_KEYS, ROLE_MESSAGES, roleListItemSchema, roleMutationResponseSchema, rolesResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { registerResourceRoutes } from '../../lib/resource/index.js';
import { requireAuth } from '../../plugins/auth.js';
import { manageableRoles, requestActor } from '../access/index.js';
import { rolesList } from './roles.repository.js';
import { createRolesService } from './roles.service.js';

const K = PERMISSION_KEYS.roles;

/** Spec s.7: GET /roles, POST /roles/add, PATCH /roles/update/{id}, DELETE /roles/delete/{id}, plus the export. */
export default async function rolesRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, {
    resource: rolesResource,
    list: rolesList,
    service: createRolesService(app.db, app.clock),
    messages: { added: ROLE_MESSAGES.created, updated: ROLE_MESSAGES.updated, deleted: ROLE_MESSAGES.deleted },
    // Whoever adds or edits users picks a role from this list, so those keys read it too.
    listPermission: { any: [K.view, PERMISSION_KEYS.users.create, PERMISSION_KEYS.users.update] },
    listRow: roleListItemSchema,
    async decoratePage(request, page) {
      const manageable = await manageableRoles(app.db, requestActor(requireAuth(request)));
      return {
        ...page,
        data: page.data.map((role) => ({ ...(role as { id: number }), manageable: manageable((role as { id: number }).id) })),
      };
    },
    mutationResponse: roleMutationResponseSchema,
    summaries: {
      list: 'Roles with the number of users holding each',
      add: 'Add a role (names are unique, ignoring case)',
      update: "Edit a role (the Super Admin role's name cannot change)",
      remove: 'Delete a role nobody holds (never the Super Admin role)',
    },
  });
}
