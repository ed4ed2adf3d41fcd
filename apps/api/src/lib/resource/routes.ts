import {
  exportParamSchema,
  idParamSchema,
  listQuerySchema,
  listResultSchema,
  operationResponseSchema,
  optionReaders,
  type ImageUse,
  type ResourceAction,
  type ResourceExportColumn,
  type ResourceKeys,
  type ResourceMode,
  type ResourceName,
} from '@console/contract';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type FormFile, withForm } from '../../plugins/multipart.js';
import type { RoutePermission } from '../../types.js';
import type { ExportColumn } from '../export/index.js';
import { errors, multipartBody } from '../http-schemas.js';
import type { Filter, ListHandle, ListInput } from '../list-query.js';
import { exportQuerySchema, sendExport } from '../list-export.js';
import { registerHistoryRoutes } from '../history/routes.js';
import { recordChange } from './record-change.js';
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
  mode: ResourceMode;
  file?: { field: string; allowed: 'image' | 'media' | 'spreadsheet'; use?: ImageUse };
  detail?: boolean;
  actions?: readonly ResourceAction[];
  routes: {
    list: string;
    detail: string;
    add: string;
    update: string;
    remove: string;
    export: string;
    action(name: string): string;
    history: string;
    revert: string;
  };
};

/** A row toggle's work: the row id and the checked body in, the Change (for the audit row and the answer) out. */
type ActionHandler<Row> = (id: number, body: never, request: FastifyRequest) => Promise<Change<Row>>;

export type ResourceRouteOptions<Row> = {
  resource: Declared;
  /** The list (lib/list-query.ts defineList): the page of GET /x and the rows of its export. */
  list: Pick<ListHandle<SelectedFields, Row>, 'page' | 'rows'>;
  /** The writes and the detail: required for a 'crud' resource; a read-only one needs it only for `detail`. */
  service?: ResourceService<Row, never, never>;
  /**
   * The WHERE conditions of the list's filters (status, type, a parent id...) and the caller's
   * scope (activity and sessions: own rows unless view-all); may refuse with an AppError.
   */
  filters?(query: Record<string, unknown>, request: FastifyRequest): Filter[] | Promise<Filter[]>;
  /** The answers' messages of the writes ('crud' only). */
  messages?: { added: string; updated: string; deleted: string };
  /** The handler of each row toggle the declaration's `actions` names, by action name. */
  actions?: Record<string, ActionHandler<Row>>;
  /**
   * Per-caller fields of the rows of a page and of an export (e.g. `manageable`, a session's
   * `current`): called once per request, after the query; give `listRow` the extended schema.
   */
  decorate?(request: FastifyRequest): Promise<(row: Row) => unknown>;
  listRow?: z.ZodTypeAny;
  /** How the export writes a column the contract's `type` cannot say (a duration, a JSON object), by column key. */
  exportFormats?: Record<string, ExportColumn['format']>;
  /** Extra fields of every add/edit answer (spec: company and client adds echo `logo`). */
  mutationExtras?(row: Row | undefined): Record<string, unknown>;
  /** The documented add/edit answer when it has more than {success, message, data}. */
  mutationResponse?: z.ZodTypeAny;
  /** The delete answer when it has more than {success, message} (manage-actions: `responseType`). */
  deleteResponse?: { schema: z.ZodTypeAny; extras: Record<string, unknown> };
  summaries?: Partial<Record<'list' | 'export' | 'add' | 'update' | 'remove', string>>;
  /** Largest file part of add/update (default UPLOAD_MAX_BYTES; media take MEDIA_MAX_BYTES). */
  fileMaxBytes?: number;
};

/**
 * Who may read a resource's list: the holders of the keys the registry derives (its own view key,
 * view-all, and the keys of the screens whose dropdowns or filters read it).
 */
function listPermission(name: string): RoutePermission {
  const readers = optionReaders(name as ResourceName);
  return (readers.length === 1 ? readers[0] : { any: readers }) as RoutePermission;
}

const toCell = (c: ResourceExportColumn, format?: ExportColumn['format']): ExportColumn => ({
  key: c.key,
  header: c.header,
  width: c.width,
  format:
    format ??
    (c.type === 'date'
      ? (v) => (typeof v === 'string' ? new Date(v) : null)
      : c.type === 'boolean'
        ? (v) => (v ? 'Yes' : 'No')
        : undefined),
});

async function* mapRows<Row>(rows: AsyncIterable<Row>, row: (r: Row) => unknown) {
  for await (const r of rows) yield row(r);
}

/** One write route: what `registerResourceRoutes` varies between add, edit, delete and the row toggles. */
type Write = {
  method: HTTPMethods;
  url: string;
  key: string | undefined;
  summary: string;
  /** The body: multipart when the resource has a file part (add/edit), else JSON; none for delete. */
  body?: { schema: z.ZodTypeAny; form: boolean };
  statuses: readonly (400 | 401 | 403 | 404 | 409 | 413 | 415)[];
  response: z.ZodTypeAny;
  /** The audit row's action. */
  action: string;
  run(request: FastifyRequest, id: number, input: never, file?: FormFile): Promise<Change<unknown>>;
  answer(change: Change<unknown>): unknown;
};

/**
 * The spec's route pattern for one resource, from its contract declaration:
 * - every mode: GET /x (the list query and the declared filters), GET /x/export/{format} (if
 *   `keys.export`), GET /x/{id} (if `detail`);
 * - 'crud' only: POST /x/add, PATCH /x/update/{id}, DELETE /x/delete/{id} (each if its key is
 *   declared) and the declared row toggles, PATCH /x/{action}/{id}.
 * Every route declares its permission from the resource's keys; the list's comes from the registry
 * (`optionReaders`). Every write is audited here, from the Change the service or the action
 * handler returns. A module adds its other routes beside this call.
 */
export function registerResourceRoutes<Row>(app: FastifyInstance, options: ResourceRouteOptions<Row>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { resource: res, list, service } = options;
  const K = res.keys;
  const doc = { tags: [res.name], security: [{ bearer: [] }] };
  const perm = (key: string | undefined) => key as RoutePermission;
  const filters = async (request: FastifyRequest) => (await options.filters?.(request.query as Record<string, unknown>, request)) ?? [];
  const label = res.label.singular.toLowerCase();

  r.get(
    res.routes.list,
    {
      config: { permission: listPermission(res.name) },
      schema: {
        ...doc,
        summary: options.summaries?.list ?? `${res.label.plural} (list query and filters)`,
        querystring: listQuerySchema.extend(res.filters.shape),
        response: { 200: listResultSchema(options.listRow ?? res.schemas.row), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const where = await filters(request);
      // The decoration's own read (the caller's manageable roles) runs beside the page's, not after it.
      const [page, row] = await Promise.all([list.page(app.db, request.query as ListInput, where), options.decorate?.(request)]);
      return row ? { ...page, data: page.data.map(row) } : page;
    },
  );

  if (K.export) {
    r.get(
      res.routes.export,
      {
        config: { permission: perm(K.export) },
        schema: {
          ...doc,
          summary: options.summaries?.export ?? `Every ${label} the list query selects, as CSV, Excel or PDF`,
          params: exportParamSchema,
          querystring: exportQuerySchema.extend(res.filters.shape),
          produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/pdf'],
          response: errors(400, 401, 403),
        },
      },
      async (request, reply) => {
        const rows = list.rows(app.db, request.query as ListInput, await filters(request));
        return sendExport(request, reply, {
          format: request.params.format,
          title: res.label.plural,
          entity: res.entity,
          columns: res.list.exportColumns.map((c) => toCell(c, options.exportFormats?.[c.key])),
          rows: (options.decorate ? mapRows(rows, await options.decorate(request)) : rows) as AsyncIterable<Record<string, unknown>>,
        });
      },
    );
  }

  if (res.detail) {
    if (!service) throw new Error(`registerResourceRoutes(${res.name}): a resource with a detail route needs a service`);
    r.get(
      res.routes.detail,
      {
        config: { permission: perm(K.view) },
        schema: {
          ...doc,
          summary: `One ${label}`,
          params: idParamSchema,
          response: { 200: z.object({ data: res.schemas.row }), ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => ({ data: await service.get(request.params.id) }),
    );
  }

  if (res.mode === 'read-only') return;
  const { messages } = options;
  if (!service || !messages) throw new Error(`registerResourceRoutes(${res.name}): a 'crud' resource needs a service and messages`);

  const form = res.file
    ? { fileField: res.file.field, allowed: res.file.allowed, use: res.file.use, maxBytes: options.fileMaxBytes }
    : undefined;
  const mutation =
    options.mutationResponse ?? z.object({ success: z.boolean(), message: z.string(), data: res.schemas.row.optional() }).passthrough();
  const formErrors = form ? ([413, 415] as const) : ([] as const);
  const saved = (message: string) => (change: Change<unknown>) => ({
    success: true,
    message,
    ...options.mutationExtras?.(change.after as Row | undefined),
    data: change.after,
  });

  /** Add and edit: the same route but for the method, the path, the key and the service call. */
  const save = (action: 'create' | 'update'): Write => {
    const add = action === 'create';
    return {
      method: add ? 'POST' : 'PATCH',
      url: add ? res.routes.add : res.routes.update,
      key: K[action],
      summary: (add ? options.summaries?.add : options.summaries?.update) ?? `${add ? 'Add' : 'Edit'} a ${label}`,
      body: { schema: res.schemas[action], form: Boolean(form) },
      statuses: [400, 401, 403, ...(add ? [] : [404 as const]), 409, ...formErrors],
      response: mutation,
      action,
      run: (request, id, input, file) => (add ? service.create({ request }, input, file) : service.update({ request }, id, input, file)),
      answer: saved(add ? messages.added : messages.updated),
    };
  };

  const writes: Write[] = [
    save('create'),
    save('update'),
    {
      method: 'DELETE',
      url: res.routes.remove,
      key: K.delete,
      summary: options.summaries?.remove ?? `Delete a ${label} (409 while other records use it)`,
      statuses: [400, 401, 403, 404, 409],
      response: options.deleteResponse?.schema ?? operationResponseSchema,
      action: 'delete',
      run: (request, id) => service.remove({ request }, id),
      answer: () => ({ success: true, message: messages.deleted, ...options.deleteResponse?.extras }),
    },
    ...(res.actions ?? []).map((a): Write => {
      const handle = options.actions?.[a.name];
      if (!handle) throw new Error(`registerResourceRoutes(${res.name}): no handler for the action ${a.name}`);
      return {
        method: 'PATCH',
        url: res.routes.action(a.name),
        key: K[a.key],
        summary: `${res.label.singular} row toggle: ${a.name}`,
        body: { schema: a.body, form: false },
        statuses: [400, 401, 403, 404],
        response: mutation,
        action: a.name,
        run: (request, id, input) => handle(id, input, request),
        answer: (change) => ({ success: true, message: a.message, data: change.after }),
      };
    }),
  ];
  registerHistoryRoutes(app, { resource: res, service, doc });
  for (const name of Object.keys(options.actions ?? {})) {
    if (!res.actions?.some((a) => a.name === name))
      throw new Error(`registerResourceRoutes(${res.name}): ${name} is not a declared action`);
  }

  for (const w of writes) {
    if (!w.key) continue;
    const byId = w.url.endsWith('/:id');
    const body = w.body && (w.body.form && form ? { multipartBody: multipartBody(w.body.schema, form) } : { body: w.body.schema });
    r.route({
      method: w.method,
      url: w.url,
      config: { permission: perm(w.key) },
      schema: {
        ...doc,
        summary: w.summary,
        ...(byId ? { params: idParamSchema } : {}),
        ...body,
        response: { 200: w.response, ...errors(...w.statuses) },
      },
      handler: async (request) => {
        const id = byId ? (request.params as { id: number }).id : 0;
        const write = async (input: never, file?: FormFile) => {
          const change = await w.run(request, id, input, file);
          await recordChange(request, res.entity, w.action, change);
          return w.answer(change);
        };
        if (w.body?.form && form) return withForm(request, form, w.body.schema, (input, file) => write(input as never, file));
        return write(request.body as never);
      },
    });
  }
}
