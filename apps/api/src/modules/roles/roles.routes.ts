import { type Role, ROLE_MESSAGES, roleListItemSchema, roleMutationResponseSchema, rolesResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { registerResourceRoutes } from '../../lib/resource/index.js';
import { withManageable } from './manageable.js';
import { rolesList } from './roles.repository.js';
import { createRolesService } from './roles.service.js';

/** Spec s.7: GET /roles, POST /roles/add, PATCH /roles/update/{id}, DELETE /roles/delete/{id}, plus the export. */
export default async function rolesRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, {
    resource: rolesResource,
    list: rolesList,
    service: createRolesService(app),
    messages: { added: ROLE_MESSAGES.created, updated: ROLE_MESSAGES.updated, deleted: ROLE_MESSAGES.deleted },
    listRow: roleListItemSchema,
    decorate: withManageable(app, (role: Role) => role.id),
    mutationResponse: roleMutationResponseSchema,
    summaries: {
      list: 'Roles with the number of users holding each',
      add: 'Add a role (names are unique, ignoring case)',
      update: "Edit a role (the Super Admin role's name cannot change)",
      remove: 'Delete a role nobody holds (never the Super Admin role)',
    },
  });
}
