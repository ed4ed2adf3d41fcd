import {
  API_PATHS,
  idField,
  menusResponseSchema,
  modulesResponseSchema,
  PERMISSION_KEYS,
  rolePermissionsResponseSchema,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { errors } from '../../lib/http-schemas.js';
import { requireAuth } from '../../plugins/auth.js';

export default async function accessRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = app.access;
  const tags = ['access'];
  const security = [{ bearer: [] }];

  r.get(
    API_PATHS.modules,
    {
      config: { permission: 'session' },
      schema: { tags, summary: 'Modules and menus the caller may use', security, response: { 200: modulesResponseSchema, ...errors(401) } },
    },
    async (request) => ({ data: await access.modulesFor(requireAuth(request).user.roleId) }),
  );

  r.get(
    '/menus/:n',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: "The caller's permitted menus of one module (the path number is kept for spec compatibility)",
        security,
        params: z.object({ n: z.string().max(20) }),
        querystring: z.object({ module: z.string().min(1).max(100) }),
        response: { 200: menusResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => ({ data: await access.permittedMenus(requireAuth(request).user.roleId, request.query.module) }),
  );

  r.get(
    '/menus/list/:slug',
    {
      config: { permission: PERMISSION_KEYS.permissions.view },
      schema: {
        tags,
        summary: 'Every menu of a module (permission management)',
        security,
        params: z.object({ slug: z.string().min(1).max(100) }),
        response: { 200: menusResponseSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => ({ data: await access.allMenusOf(request.params.slug) }),
  );

  r.get(
    '/role-permissions/:roleId',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: "A role's menus (by module slug) and roleKeys: the caller's own role, any role for the super admin",
        security,
        params: z.object({ roleId: idField() }),
        response: { 200: rolePermissionsResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (request.params.roleId !== auth.user.roleId && !auth.isSuperAdmin) throw new AppError('FORBIDDEN');
      return { data: await access.rolePermissions(request.params.roleId) };
    },
  );
}
