import {
  ADMIN_API_PATHS,
  exportParamSchema,
  idParamSchema,
  listQuerySchema,
  operationResponseSchema,
  PERMISSION_KEYS,
  type Role,
  ROLE_MESSAGES,
  roleInputSchema,
  roleMutationResponseSchema,
  rolesListResponseSchema,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ExportColumn } from '../../lib/export/index.js';
import { errors } from '../../lib/http-schemas.js';
import { exportQuerySchema, sendExport } from '../../lib/list-export.js';
import { requireAuth } from '../../plugins/auth.js';
import { manageableRoles, requestActor } from '../access/index.js';
import { rolesList } from './roles.repository.js';
import { createRolesService } from './roles.service.js';

const K = PERMISSION_KEYS.roles;
const paths = ADMIN_API_PATHS.roles;

const exportColumns: ExportColumn<Role>[] = [
  { key: 'id', header: 'ID', width: 0.5 },
  { key: 'name', header: 'Name', width: 1.5 },
  { key: 'description', header: 'Description', width: 3 },
  { key: 'userCount', header: 'Users', width: 0.6 },
  { key: 'isSystem', header: 'System', width: 0.6, format: (v) => (v ? 'Yes' : 'No') },
  { key: 'createdAt', header: 'Created', format: (v) => new Date(String(v)) },
  { key: 'updatedAt', header: 'Updated', format: (v) => new Date(String(v)) },
];

/** Spec s.7: GET /roles, POST /roles/add, PATCH /roles/update/{id}, DELETE /roles/delete/{id}, plus the export. */
export default async function rolesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createRolesService(app.db, app.clock);
  const tags = ['roles'];
  const security = [{ bearer: [] }];

  r.get(
    paths.list,
    {
      // Whoever adds or edits users picks a role from this list, so those keys read it too.
      config: { permission: { any: [K.view, PERMISSION_KEYS.users.create, PERMISSION_KEYS.users.update] } },
      schema: {
        tags,
        summary: 'Roles with the number of users holding each',
        security,
        querystring: listQuerySchema,
        response: { 200: rolesListResponseSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await rolesList.page(app.db, request.query);
      const manageable = await manageableRoles(app.db, requestActor(requireAuth(request)));
      return { ...page, data: page.data.map((role) => ({ ...role, manageable: manageable(role.id) })) };
    },
  );

  r.get(
    '/roles/export/:format',
    {
      config: { permission: K.export },
      schema: {
        tags,
        summary: 'Every role the list query selects, as CSV, Excel or PDF',
        security,
        params: exportParamSchema,
        querystring: exportQuerySchema,
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/pdf'],
        response: { ...errors(400, 401, 403) },
      },
    },
    async (request, reply) =>
      sendExport(request, reply, {
        format: request.params.format,
        title: 'Roles',
        entity: 'role',
        columns: exportColumns,
        rows: rolesList.rows(app.db, request.query),
      }),
  );

  r.post(
    paths.add,
    {
      config: { permission: K.create },
      schema: {
        tags,
        summary: 'Add a role (names are unique, ignoring case)',
        security,
        body: roleInputSchema,
        response: { 200: roleMutationResponseSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const role = await service.create(request.body);
      await app.audit.record(request, { action: 'create', entity: 'role', entityId: role.id, after: role });
      return { success: true, message: ROLE_MESSAGES.created, data: role };
    },
  );

  r.patch(
    '/roles/update/:id',
    {
      config: { permission: K.update },
      schema: {
        tags,
        summary: "Edit a role (the Super Admin role's name cannot change)",
        security,
        params: idParamSchema,
        body: roleInputSchema,
        response: { 200: roleMutationResponseSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { before, after } = await service.update(requireAuth(request), request.params.id, request.body);
      await app.audit.record(request, { action: 'update', entity: 'role', entityId: after.id, before, after });
      return { success: true, message: ROLE_MESSAGES.updated, data: after };
    },
  );

  r.delete(
    '/roles/delete/:id',
    {
      config: { permission: K.delete },
      schema: {
        tags,
        summary: 'Delete a role nobody holds (never the Super Admin role)',
        security,
        params: idParamSchema,
        response: { 200: operationResponseSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const before = await service.remove(requireAuth(request), request.params.id);
      await app.audit.record(request, { action: 'delete', entity: 'role', entityId: before.id, before });
      return { success: true, message: ROLE_MESSAGES.deleted };
    },
  );
}
