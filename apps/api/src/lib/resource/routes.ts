import {
  exportParamSchema,
  idParamSchema,
  listQuerySchema,
  listResultSchema,
  operationResponseSchema,
  type ImageUse,
  type ResourceExportColumn,
  type ResourceKeys,
} from '@console/contract';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withForm } from '../../plugins/multipart.js';
import type { RoutePermission } from '../../types.js';
import type { ExportColumn } from '../export/index.js';
import { errors, multipartBody } from '../http-schemas.js';
import type { Filter, ListHandle, ListInput } from '../list-query.js';
import { exportQuerySchema, sendExport } from '../list-export.js';
import type { Change, ResourceService } from './service.js';

/** The contract's declaration, as far as the route factory reads it (see @console/contract defineResource). */
type Declared = {
  name: string;
  entity: string;
  label: { singular: string; plural: string };
  schemas: { row: z.ZodTypeAny; create: z.ZodTypeAny; update: z.ZodTypeAny };
  filters: z.ZodObject<z.ZodRawShape>;
  list: { exportColumns: readonly ResourceExportColumn[] };
  keys: ResourceKeys;
  file?: { field: string; allowed: 'image' | 'media' | 'spreadsheet'; use?: ImageUse };
  detail?: boolean;
  routes: { list: string; detail: string; add: string; update: string; remove: string; export: string };
};

type Page = { data: unknown[]; total: number; totalPages: number };

export type ResourceRouteOptions<Row> = {
  resource: Declared;
  /** The list (lib/list-query.ts defineList): the page of GET /x and the rows of its export. */
  list: Pick<ListHandle<SelectedFields, Row>, 'page' | 'rows'>;
  service: ResourceService<Row, never, never>;
  /** The WHERE conditions of the list's filters (status, type, a parent id...) and the caller's scope. */
  filters?(query: Record<string, unknown>, request: FastifyRequest): Filter[] | Promise<Filter[]>;
  messages: { added: string; updated: string; deleted: string };
  /** Who may read the list, when more than `keys.view` (e.g. a dropdown of another screen). */
  listPermission?: RoutePermission;
  /** Adds per-caller fields to a page's rows (e.g. `manageable`); give `listRow` the extended schema. */
  decoratePage?(request: FastifyRequest, page: Page): Promise<Page>;
  listRow?: z.ZodTypeAny;
  /** Extra fields of every write answer (spec: company and client adds echo `logo`). */
  mutationExtras?(row: Row | undefined): Record<string, unknown>;
  /** The documented write answer when it has more than {success, message, data}. */
  mutationResponse?: z.ZodTypeAny;
  summaries?: Partial<Record<'list' | 'add' | 'update' | 'remove', string>>;
  /** Largest file part of add/update (default UPLOAD_MAX_BYTES; media take MEDIA_MAX_BYTES). */
  fileMaxBytes?: number;
};

/**
 * The audit row of a write, from the Change its service returned: the factory's routes and a
 * module's extra routes (row toggles, key regeneration) all audit through this.
 */
export async function recordChange(request: FastifyRequest, entity: string, action: string, change: Change<unknown>) {
  await request.server.audit.record(request, {
    action,
    entity,
    entityId: change.id,
    before: change.audit ? change.audit.before : change.before,
    after: change.audit ? change.audit.after : change.after,
  });
}

const toCell = (c: ResourceExportColumn): ExportColumn => ({
  key: c.key,
  header: c.header,
  width: c.width,
  format:
    c.type === 'date' ? (v) => (typeof v === 'string' ? new Date(v) : null) : c.type === 'boolean' ? (v) => (v ? 'Yes' : 'No') : undefined,
});

/**
 * The spec's route pattern for one resource: GET /x, GET /x/{id} (when declared), POST /x/add,
 * PATCH /x/update/{id}, DELETE /x/delete/{id}, GET /x/export/{format}. Every route declares its
 * permission from the resource's keys; every write is audited here, from the Change the service
 * returns. A module adds its other routes (row toggles, key regeneration...) beside this call.
 */
export function registerResourceRoutes<Row>(app: FastifyInstance, options: ResourceRouteOptions<Row>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { resource: res, service, messages } = options;
  const { list } = options;
  const K = res.keys;
  const tags = [res.name];
  const security = [{ bearer: [] }];
  const perm = (key: string | undefined) => key as RoutePermission;
  const form = res.file
    ? { fileField: res.file.field, allowed: res.file.allowed, use: res.file.use, maxBytes: options.fileMaxBytes }
    : undefined;
  const mutation =
    options.mutationResponse ?? z.object({ success: z.boolean(), message: z.string(), data: res.schemas.row.optional() }).passthrough();
  const filters = async (request: FastifyRequest) => (await options.filters?.(request.query as Record<string, unknown>, request)) ?? [];
  const label = res.label.singular.toLowerCase();

  const audit = (request: FastifyRequest, action: string, change: Change<Row>) => recordChange(request, res.entity, action, change);
  const answer = (message: string, change: Change<Row>) => ({
    success: true,
    message,
    ...options.mutationExtras?.(change.after),
    data: change.after,
  });

  /** Multipart resources read the form (fields + the one file); the others take a JSON body. */
  const bodyOf = (schema: z.ZodTypeAny) => (form ? { multipartBody: multipartBody(schema, form) } : { body: schema });
  const withInput = <T>(
    request: FastifyRequest,
    schema: z.ZodTypeAny,
    run: (input: never, file?: Parameters<ResourceService<Row, never>['create']>[2]) => Promise<T>,
  ) => (form ? withForm(request, form, schema, (input, file) => run(input as never, file)) : run(request.body as never));
  const formErrors = form ? ([413, 415] as const) : ([] as const);

  r.get(
    res.routes.list,
    {
      config: { permission: options.listPermission ?? perm(K.view) },
      schema: {
        tags,
        summary: options.summaries?.list ?? `${res.label.plural} (list query and filters)`,
        security,
        querystring: listQuerySchema.extend(res.filters.shape),
        response: { 200: listResultSchema(options.listRow ?? res.schemas.row), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await list.page(app.db, request.query as ListInput, await filters(request));
      return options.decoratePage ? options.decoratePage(request, page) : page;
    },
  );

  if (K.export) {
    r.get(
      res.routes.export,
      {
        config: { permission: perm(K.export) },
        schema: {
          tags,
          summary: `Every ${label} the list query selects, as CSV, Excel or PDF`,
          security,
          params: exportParamSchema,
          querystring: exportQuerySchema.extend(res.filters.shape),
          produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/pdf'],
          response: errors(400, 401, 403),
        },
      },
      async (request, reply) =>
        sendExport(request, reply, {
          format: request.params.format,
          title: res.label.plural,
          entity: res.entity,
          columns: res.list.exportColumns.map(toCell),
          rows: list.rows(app.db, request.query as ListInput, await filters(request)) as AsyncIterable<Record<string, unknown>>,
        }),
    );
  }

  if (res.detail) {
    r.get(
      res.routes.detail,
      {
        config: { permission: perm(K.view) },
        schema: {
          tags,
          summary: `One ${label}`,
          security,
          params: idParamSchema,
          response: { 200: z.object({ data: res.schemas.row }), ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => ({ data: await service.get(request.params.id) }),
    );
  }

  if (K.create) {
    r.post(
      res.routes.add,
      {
        config: { permission: perm(K.create) },
        schema: {
          tags,
          summary: options.summaries?.add ?? `Add a ${label}`,
          security,
          ...bodyOf(res.schemas.create),
          response: { 200: mutation, ...errors(400, 401, 403, 409, ...formErrors) },
        },
      },
      async (request) =>
        withInput(request, res.schemas.create, async (input, file) => {
          const change = await service.create({ request }, input, file);
          await audit(request, 'create', change);
          return answer(messages.added, change);
        }),
    );
  }

  if (K.update) {
    r.patch(
      res.routes.update,
      {
        config: { permission: perm(K.update) },
        schema: {
          tags,
          summary: options.summaries?.update ?? `Edit a ${label}`,
          security,
          params: idParamSchema,
          ...bodyOf(res.schemas.update),
          response: { 200: mutation, ...errors(400, 401, 403, 404, 409, ...formErrors) },
        },
      },
      async (request) =>
        withInput(request, res.schemas.update, async (input, file) => {
          const change = await service.update({ request }, request.params.id, input, file);
          await audit(request, 'update', change);
          return answer(messages.updated, change);
        }),
    );
  }

  if (K.delete) {
    r.delete(
      res.routes.remove,
      {
        config: { permission: perm(K.delete) },
        schema: {
          tags,
          summary: options.summaries?.remove ?? `Delete a ${label} (409 while other records use it)`,
          security,
          params: idParamSchema,
          response: { 200: operationResponseSchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const change = await service.remove({ request }, request.params.id);
        await audit(request, 'delete', change);
        return { success: true, message: messages.deleted };
      },
    );
  }
}
