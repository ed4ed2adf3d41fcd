import {
  ADMIN_API_PATHS,
  companyInputSchema,
  companyListQueryExtraSchema,
  companyMutationResponseSchema,
  companySchema,
  exportParamSchema,
  idParamSchema,
  listQuerySchema,
  listResultSchema,
  operationResponseSchema,
  PERMISSION_KEYS,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ExportColumn } from '../../lib/export/index.js';
import { errors, multipartBody } from '../../lib/http-schemas.js';
import { exportQuerySchema, sendExport } from '../../lib/list-export.js';
import { withForm } from '../../plugins/multipart.js';
import { companiesList, companyListFilters } from './companies.repository.js';
import { COMPANY_MESSAGES, createCompaniesService } from './companies.service.js';

const K = PERMISSION_KEYS.companies;
const P = ADMIN_API_PATHS.companies;
const date = (v: unknown) => (typeof v === 'string' ? new Date(v) : null);

const EXPORT_COLUMNS: ExportColumn[] = [
  { key: 'id', header: 'ID', width: 0.5 },
  { key: 'name', header: 'Name', width: 1.6 },
  { key: 'email', header: 'E-mail', width: 1.6 },
  { key: 'phone', header: 'Phone' },
  { key: 'website', header: 'Website', width: 1.4 },
  { key: 'address', header: 'Address', width: 1.6 },
  { key: 'status', header: 'Status', width: 0.7 },
  { key: 'userCount', header: 'Users', width: 0.5 },
  { key: 'createdAt', header: 'Created', format: date },
];

/**
 * Companies (spec s.7). Multipart forms: the company fields plus the image part `logo`.
 * GET /companies also serves the add/edit-user company dropdown (limit=1000), so holders of
 * users.create / users.update may read it as well as companies.view.
 */
export default async function companiesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createCompaniesService(app);
  const tags = ['companies'];
  const security = [{ bearer: [] }];
  const form = { fileField: 'logo', allowed: 'image', use: 'logo' } as const;

  r.get(
    P.list,
    {
      config: { permission: { any: [K.view, PERMISSION_KEYS.users.create, PERMISSION_KEYS.users.update] } },
      schema: {
        tags,
        summary: 'Companies (list query; limit up to 1000 for the dropdown)',
        security,
        querystring: listQuerySchema.extend(companyListQueryExtraSchema.shape),
        response: { 200: listResultSchema(companySchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => companiesList.page(app.db, request.query, companyListFilters(request.query)),
  );

  r.get(
    P.export(':format'),
    {
      config: { permission: K.export },
      schema: {
        tags,
        summary: 'Every company the list query selects, as CSV, Excel or PDF',
        security,
        params: exportParamSchema,
        querystring: exportQuerySchema.extend(companyListQueryExtraSchema.shape),
        response: errors(400, 401, 403),
      },
    },
    async (request, reply) =>
      sendExport(request, reply, {
        format: request.params.format,
        title: 'Companies',
        entity: 'company',
        columns: EXPORT_COLUMNS,
        rows: companiesList.rows(app.db, request.query, companyListFilters(request.query)),
      }),
  );

  r.post(
    P.add,
    {
      config: { permission: K.create },
      schema: {
        tags,
        summary: 'Add a company (multipart: fields + logo image)',
        security,
        multipartBody: multipartBody(companyInputSchema, form),
        response: { 200: companyMutationResponseSchema, ...errors(400, 401, 403, 409, 413, 415) },
      },
    },
    async (request) => {
      return withForm(request, form, companyInputSchema, async (input, file) => {
        const data = await service.create(request, input, file);
        return { success: true, message: COMPANY_MESSAGES.added, logo: data.logo, data };
      });
    },
  );

  r.patch(
    P.update(':id' as unknown as number),
    {
      config: { permission: K.update },
      schema: {
        tags,
        summary: 'Edit a company (multipart: fields + optional new logo; removeLogo=true drops it)',
        security,
        multipartBody: multipartBody(companyInputSchema, form),
        params: idParamSchema,
        response: { 200: companyMutationResponseSchema, ...errors(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      return withForm(request, form, companyInputSchema, async (input, file) => {
        const data = await service.update(request, request.params.id, input, file);
        return { success: true, message: COMPANY_MESSAGES.updated, logo: data.logo, data };
      });
    },
  );

  r.delete(
    P.remove(':id' as unknown as number),
    {
      config: { permission: K.delete },
      schema: {
        tags,
        summary: 'Delete a company (409 while users belong to it)',
        security,
        params: idParamSchema,
        response: { 200: operationResponseSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await service.remove(request, request.params.id);
      return { success: true, message: COMPANY_MESSAGES.deleted };
    },
  );
}
