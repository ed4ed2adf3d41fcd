import { z } from 'zod';
import type { ImageUse } from './constants.js';
import { resourceListPath } from './resource-place.js';

/**
 * One declaration per resource (a list + add/edit/delete screen and its API), read by the API's
 * route factory (apps/api/src/lib/resource), the web kit (apps/web/src/lib/resource) and the
 * docs. See docs/resources.md for how a resource is added.
 *
 * One name per module: `name` is the permission group, the web query-key root, the table id
 * and the SPA route segment; `apiBase` is the spec's API segment (usually the same; the spec
 * spells some singular, e.g. clients live under `/client`).
 */

/** The keys of one catalogue group (PERMISSION_KEYS.<name>); only `view` is required. */
export type ResourceKeys = {
  view: string;
  create?: string;
  update?: string;
  delete?: string;
  export?: string;
  /** Put a change of the row's history back (POST /x/{id}/history/{historyId}/revert). */
  revert?: string;
};

/** A column of the CSV/Excel/PDF export; `type` picks how the API writes the cell. */
export type ResourceExportColumn = { key: string; header: string; width?: number; type?: 'date' | 'boolean' };

/** Export columns most resources have, spelt once so they are headed and sized alike in every export. */
export const EXPORT_COLUMNS = {
  id: { key: 'id', header: 'ID', width: 0.5 },
  name: { key: 'name', header: 'Name', width: 1.6 },
  email: { key: 'email', header: 'E-mail', width: 1.6 },
  phone: { key: 'phone', header: 'Phone' },
  status: { key: 'status', header: 'Status', width: 0.7 },
  createdAt: { key: 'createdAt', header: 'Created', type: 'date' },
} as const satisfies Record<string, ResourceExportColumn>;

export type ResourceListDefinition<F extends z.ZodRawShape> = {
  /** sortField values the API accepts (every visible column; the API maps each to SQL). */
  sortFields: readonly string[];
  /** What the search box looks in (documentation and placeholder; the API decides the SQL). */
  search: readonly string[];
  /** Extra query-string filters of GET /x and its export (status, type, companyId, a parent id...). */
  filters: F;
  exportColumns: readonly ResourceExportColumn[];
  /** Largest page (default 500; a dropdown source may allow 1000). */
  maxLimit?: number;
};

export type ResourceInput<
  Row extends z.ZodTypeAny,
  Create extends z.ZodTypeAny,
  Update extends z.ZodTypeAny,
  F extends z.ZodRawShape,
  K extends ResourceKeys,
> = {
  name: string;
  /** API segment (default: name). */
  apiBase?: string;
  /** SPA route segment under `module` (default: name; the spec spells user requests `/tone-dashboard/user-request`). */
  route?: string;
  /** Audit-log entity and the singular in messages, e.g. 'company'. */
  entity: string;
  label: { singular: string; plural: string };
  /**
   * The SPA module segment: a fixed slug ('demo-admin') or PRODUCT_MODULE for the configurable
   * `{product}` module, filled in by href builders.
   */
  module: string;
  schemas: { row: Row; create: Create; update?: Update };
  list: ResourceListDefinition<F>;
  keys: K;
  /**
   * The one file part of add/update (multipart), e.g. { field: 'logo', allowed: 'image', use: 'logo' };
   * `use` picks the image pixel limit (IMAGE_PIXEL_LIMITS).
   */
  file?: { field: string; allowed: 'image' | 'media' | 'spreadsheet'; use?: ImageUse };
  /** `GET /x/{id}` exists. */
  detail?: boolean;
  /**
   * 'crud' (the default): list, export, add, edit, delete. 'read-only': list, export, filters and
   * detail (audit lists, device requests); the API registers no write route for it.
   */
  mode?: ResourceMode;
  /**
   * The dropdown other screens read by name (web useResourceOptions / <ResourcePicker>): GET /x
   * sorted by `label`, up to `limit` rows (default list.maxLimit), value = id.
   */
  options?: ResourceOptions;
  /**
   * Fields naming a row of another resource, e.g. `clientId: { resource: 'clients', readBy: ['view'] }`:
   * holders of this resource's `readBy` keys may read that resource's options (the list route's
   * permission is derived from these, see registry/resources.ts optionReaders).
   */
  references?: Record<string, ResourceReference>;
  /** Row toggles, `PATCH /x/{name}/{id}` with a small body, checked against keys[key]. */
  actions?: readonly ResourceAction[];
  /** The bulk-upload kind that imports rows of this resource (modules/bulk-uploads). */
  importer?: string;
};

export type ResourceMode = 'crud' | 'read-only';
/** The part of a declaration that says where the resource lives (registry/resource-index.ts). */
export type ResourcePlace = Pick<
  ResourceInput<z.ZodTypeAny, z.ZodTypeAny, z.ZodTypeAny, z.ZodRawShape, ResourceKeys>,
  'name' | 'apiBase' | 'route' | 'entity' | 'label' | 'module' | 'keys' | 'mode'
>;
export type ResourceOptions = { label: string; limit?: number };
/** `resource`: the resource a field names (several where the row's type picks one, e.g. a show-media action). */
export type ResourceReference = { resource: string | readonly string[]; readBy: readonly ('view' | 'create' | 'update')[] };
export type ResourceAction = { name: string; body: z.ZodTypeAny; key: 'update'; message: string };

export type ExportFormatName = 'csv' | 'excel' | 'pdf';

export function defineResource<
  Row extends z.ZodTypeAny,
  Create extends z.ZodTypeAny,
  F extends z.ZodRawShape,
  K extends ResourceKeys,
  Update extends z.ZodTypeAny = Create,
>(input: ResourceInput<Row, Create, Update, F, K>) {
  const base = `/${input.apiBase ?? input.name}`;
  const buildFilters = () => z.object(input.list.filters);
  let filters: ReturnType<typeof buildFilters> | undefined;
  return {
    ...input,
    mode: input.mode ?? ('crud' as ResourceMode),
    schemas: { ...input.schemas, update: (input.schemas.update ?? input.schemas.create) as Update },
    /**
     * Query-string schema of GET /x and its export: the list query is added by each side. Built
     * at its first read (the API's route table): a page of the web console loads every
     * resource's declaration and reads none of these (issue 17).
     */
    get filters() {
      filters ??= buildFilters();
      return filters;
    },
    /** API paths with real ids, for callers (web fetchers, tests). */
    api: {
      list: base,
      detail: (id: number) => `${base}/${id}`,
      add: `${base}/add`,
      update: (id: number) => `${base}/update/${id}`,
      remove: (id: number) => `${base}/delete/${id}`,
      export: (format: ExportFormatName | string) => `${base}/export/${format}`,
      action: (action: string, id: number) => `${base}/${action}/${id}`,
      member: (action: string, id: number) => `${base}/${id}/${action}`,
      /** The row's change history, newest first. */
      history: (id: number) => `${base}/${id}/history`,
      /** Puts one change of the row's history back. */
      revert: (id: number, historyId: number) => `${base}/${id}/history/${historyId}/revert`,
    },
    /** Route patterns, for the API's route table (no ids cast from ':id'). */
    routes: {
      list: base,
      detail: `${base}/:id`,
      add: `${base}/add`,
      update: `${base}/update/:id`,
      remove: `${base}/delete/:id`,
      export: `${base}/export/:format`,
      /** `PATCH /x/{action}/{id}` (row toggles such as update-status). */
      action: (action: string) => `${base}/${action}/:id`,
      /** `/x/{id}/{action}` (e.g. users' regenerate-api-key). */
      member: (action: string) => `${base}/:id/${action}`,
      history: `${base}/:id/history`,
      revert: `${base}/:id/history/:historyId/revert`,
    },
    /** SPA addresses; `product` is the configured PRODUCT_SLUG for `{product}` modules. */
    href: {
      list: (product?: string) => resourceListPath(input, product),
    },
  };
}
