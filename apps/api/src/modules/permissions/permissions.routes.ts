import {
  ADMIN_API_PATHS,
  grantsMutationResponseSchema,
  idParamSchema,
  modulePermissionAddSchema,
  modulePermissionsQuerySchema,
  modulePermissionsResponseSchema,
  PERMISSION_KEYS,
  permissionAddSchema,
  permissionResponseSchema,
  permissionsListResponseSchema,
  permissionsQuerySchema,
  ROLE_MESSAGES,
  roleGrantsInputSchema,
  roleGrantsResponseSchema,
} from '@console/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { permissions } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { errors } from '../../lib/http-schemas.js';
import { requireAuth } from '../../plugins/auth.js';
import type { RoutePermission } from '../../types.js';
import { createGrantsService, type GrantChange } from './grants.service.js';
import { permissionsList } from './permissions.list.js';
import { createPermissionsRepository } from './permissions.repository.js';

const P = PERMISSION_KEYS.permissions;
const MP = PERMISSION_KEYS.modulePermissions;
const paths = ADMIN_API_PATHS;

/**
 * Spec s.7 "Modules, menus, permissions, roles": the permission catalogue, a role's menu
 * permissions and keys, its module permissions, and the one-screen matrix (GET/PUT
 * /roles/:id/grants) that changes all three at once.
 */
export default async function permissionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const grants = createGrantsService(app.db);
  const repo = createPermissionsRepository(app.db);
  const security = [{ bearer: [] }];

  /** The options of a route here: who may call it, and its OpenAPI tag, summary and schemas. */
  const route = <S extends FastifySchema>(permission: RoutePermission, tag: 'permissions' | 'roles', summary: string, schema: S) => ({
    config: { permission },
    schema: { tags: [tag], summary, security, ...schema },
  });

  /** Anti-escalation refusals are DeniedErrors: the audit plugin records them as permission-denied. */
  async function answer(request: FastifyRequest, pending: Promise<GrantChange>) {
    const change = await pending;
    if (change.changed) {
      await app.audit.record(request, {
        action: 'grant',
        entity: 'role',
        entityId: change.roleId,
        before: change.before,
        after: change.after,
      });
    }
    return { success: true, message: ROLE_MESSAGES.grantsSaved, data: { roleId: change.roleId, ...change.after } };
  }

  r.get(
    paths.permissions.list,
    route(P.view, 'permissions', 'Permission groups with their sub-modules and roleKeys (all of them unless limit is given)', {
      querystring: permissionsQuerySchema,
      response: { 200: permissionsListResponseSchema, ...errors(400, 401, 403) },
    }),
    async (request) => {
      const { moduleId, limit, ...q } = request.query;
      const filters = moduleId === undefined ? [] : [eq(permissions.moduleId, moduleId)];
      const page = await permissionsList.page(app.db, { ...q, limit: limit ?? 1000, page: limit === undefined ? 1 : q.page }, filters);
      return { ...page, data: await repo.withSubModules(page.data) };
    },
  );

  r.get(
    '/permissions/:id',
    route(P.view, 'permissions', 'One permission group with its sub-modules', {
      params: idParamSchema,
      response: { 200: permissionResponseSchema, ...errors(400, 401, 403, 404) },
    }),
    async (request) => {
      const found = await repo.findById(request.params.id);
      if (!found) throw new AppError('NOT_FOUND', 'Permission not found');
      return { data: found };
    },
  );

  r.post(
    paths.permissions.add,
    route(P.manage, 'permissions', "Replaces a role's menu permissions and permission keys (within its granted modules)", {
      body: permissionAddSchema,
      response: { 200: grantsMutationResponseSchema, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request) => {
      const { roleId, menuIds, roleKeys } = request.body;
      return answer(request, grants.replaceMenusAndKeys(requireAuth(request), roleId, { menuIds, roleKeys }));
    },
  );

  r.get(
    paths.modulePermissions.list,
    route(MP.view, 'permissions', 'Module permissions ({roleId, moduleId}), of one role with ?roleId', {
      querystring: modulePermissionsQuerySchema,
      response: { 200: modulePermissionsResponseSchema, ...errors(400, 401, 403, 404) },
    }),
    async (request) => ({ data: await grants.modulePermissions(request.query.roleId) }),
  );

  r.post(
    paths.modulePermissions.add,
    route(MP.manage, 'permissions', "Replaces a role's modules; menus and keys of a removed module are removed with it", {
      body: modulePermissionAddSchema,
      response: { 200: grantsMutationResponseSchema, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request) => answer(request, grants.replaceModules(requireAuth(request), request.body.roleId, request.body.moduleIds)),
  );

  r.get(
    '/roles/:id/grants',
    route({ all: [P.view, MP.view] }, 'roles', "A role's grants as one matrix (needs permissions.view and module-permissions.view)", {
      params: idParamSchema,
      response: { 200: roleGrantsResponseSchema, ...errors(400, 401, 403, 404) },
    }),
    async (request) => ({ data: await grants.read(request.params.id) }),
  );

  r.put(
    '/roles/:id/grants',
    route(
      { all: [P.manage, MP.manage] },
      'roles',
      "Replaces a role's modules, menus and keys in one transaction (needs permissions.manage and module-permissions.manage)",
      {
        params: idParamSchema,
        body: roleGrantsInputSchema,
        response: { 200: grantsMutationResponseSchema, ...errors(400, 401, 403, 404, 409) },
      },
    ),
    async (request) => answer(request, grants.replaceAll(requireAuth(request), request.params.id, request.body)),
  );
}
