import {
  ADMIN_API_PATHS,
  ERROR_MESSAGES,
  exportParamSchema,
  idParamSchema,
  listQuerySchema,
  listResultSchema,
  operationResponseSchema,
  PERMISSION_KEYS,
  regenerateKeyResponseSchema,
  userCreateSchema,
  userListItemSchema,
  userListQueryExtraSchema,
  userMutationResponseSchema,
  userUpdateSchema,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ExportColumn } from '../../lib/export/index.js';
import { errors, multipartBody } from '../../lib/http-schemas.js';
import { exportQuerySchema, sendExport } from '../../lib/list-export.js';
import { requireAuth } from '../../plugins/auth.js';
import { withForm } from '../../plugins/multipart.js';
import { manageableRoles, requestActor } from '../access/index.js';
import { userListFilters, usersList } from './users.repository.js';
import { createUsersService, USER_MESSAGES } from './users.service.js';

const K = PERMISSION_KEYS.users;
const P = ADMIN_API_PATHS.users;
const ID = ':id' as unknown as number;
const date = (v: unknown) => (typeof v === 'string' ? new Date(v) : null);

const USER_EXPORT_COLUMNS: ExportColumn[] = [
  { key: 'id', header: 'ID', width: 0.5 },
  { key: 'firstname', header: 'First name' },
  { key: 'lastname', header: 'Last name' },
  { key: 'email', header: 'E-mail', width: 1.8 },
  { key: 'roleName', header: 'Role' },
  { key: 'companyName', header: 'Company' },
  { key: 'phone', header: 'Phone' },
  { key: 'status', header: 'Status', width: 0.7 },
  { key: 'twoFactorEnabled', header: 'Two-step sign-in', width: 0.7, format: (v) => (v ? 'Yes' : 'No') },
  { key: 'lastLoginAt', header: 'Last sign-in', format: date },
  { key: 'createdAt', header: 'Created', format: date },
];

/** Users (spec s.7 "Users and profile"). Forms are multipart with the image part `profile`. */
export default async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createUsersService(app);
  const tags = ['users'];
  const security = [{ bearer: [] }];
  const form = { fileField: 'profile', allowed: 'image', use: 'avatar' } as const;

  r.get(
    P.list,
    {
      config: { permission: K.view },
      schema: {
        tags,
        summary: 'Users (list query + roleId, companyId, status filters)',
        security,
        querystring: listQuerySchema.extend(userListQueryExtraSchema.shape),
        response: { 200: listResultSchema(userListItemSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await usersList.page(app.db, request.query, userListFilters(request.query));
      const manageable = await manageableRoles(app.db, requestActor(requireAuth(request)));
      return { ...page, data: page.data.map((u) => ({ ...u, manageable: manageable(u.roleId) })) };
    },
  );

  r.get(
    P.export(':format'),
    {
      config: { permission: K.export },
      schema: {
        tags,
        summary: 'Every user the list query selects, as CSV, Excel or PDF',
        security,
        params: exportParamSchema,
        querystring: exportQuerySchema.extend(userListQueryExtraSchema.shape),
        response: errors(400, 401, 403),
      },
    },
    async (request, reply) =>
      sendExport(request, reply, {
        format: request.params.format,
        title: 'Users',
        entity: 'user',
        columns: USER_EXPORT_COLUMNS,
        rows: usersList.rows(app.db, request.query, userListFilters(request.query)),
      }),
  );

  r.post(
    P.add,
    {
      config: { permission: K.create },
      schema: {
        tags,
        summary: 'Add a user (multipart: fields + profile image)',
        security,
        multipartBody: multipartBody(userCreateSchema, form),
        response: { 200: userMutationResponseSchema, ...errors(400, 401, 403, 409, 413, 415) },
      },
    },
    async (request) => {
      return withForm(request, form, userCreateSchema, async (input, file) => {
        const data = await service.create(request, requireAuth(request), input, file);
        return { success: true, message: USER_MESSAGES.added, data };
      });
    },
  );

  r.patch(
    P.update(ID),
    {
      config: { permission: K.update },
      schema: {
        tags,
        summary: 'Edit a user (multipart; an empty password keeps the current one)',
        security,
        multipartBody: multipartBody(userUpdateSchema, form),
        params: idParamSchema,
        response: { 200: userMutationResponseSchema, ...errors(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      return withForm(request, form, userUpdateSchema, async (input, file) => {
        const data = await service.update(request, requireAuth(request), request.params.id, input, file);
        return { success: true, message: USER_MESSAGES.updated, data };
      });
    },
  );

  r.delete(
    P.remove(ID),
    {
      config: { permission: K.delete },
      schema: {
        tags,
        summary: 'Delete a user (not yourself, not the last active super admin)',
        security,
        params: idParamSchema,
        response: { 200: operationResponseSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await service.remove(request, requireAuth(request), request.params.id);
      return { success: true, message: USER_MESSAGES.deleted };
    },
  );

  r.patch(
    P.regenerateKey(ID),
    {
      config: { permission: K.regenerateKey },
      schema: {
        tags,
        summary: 'Issue a new API key (shown once; stored hashed; the old key stops working)',
        description: `Failure text in the SPA: "${ERROR_MESSAGES.regenerateKey}".`,
        security,
        params: idParamSchema,
        response: { 200: regenerateKeyResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const apiKey = await service.regenerateApiKey(request, requireAuth(request), request.params.id);
      return { responseType: true, message: USER_MESSAGES.keyRegenerated, apiKey };
    },
  );
}
