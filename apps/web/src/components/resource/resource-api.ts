import { ERROR_MESSAGES, type ListResult, type OperationResponse } from '@console/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, buildUrl, errorMessage, type QueryValue, readListOrEmpty, type UploadProgress } from '../../lib/api-client';
import { getSession } from '../../lib/auth/session';
import type { RouteQueries } from '../../lib/route-prefetch';
import { browserTimeZone } from '../../lib/time-zone';
import {
  type DataTableExportConfig,
  exportErrorMessage,
  fetchDownload,
  type ListQueryState,
  listQueryToSearchParams,
  parseListQuery,
} from '../data-table';
import { toast } from '../ui/toast';
import { type FilterSpec, type FilterValues, parseFilters, setsDay } from './url-filters';

/** What the kit reads of a contract declaration (`defineResource` in @console/contract). */
export type ResourceDeclaration = {
  name: string;
  label: { singular: string; plural: string };
  keys: { view: string; viewAll?: string; create?: string; update?: string; delete?: string; export?: string; revert?: string };
  /** 'read-only': list, filters and exports; no add, edit or delete. */
  mode: 'crud' | 'read-only';
  /** The add and edit bodies' schemas (the drawer's default validation). */
  schemas: { create: z.ZodType; update: z.ZodType };
  /** The columns the API sorts by, and what the search looks in. */
  list: { sortFields: readonly string[]; search: readonly string[] };
  /** The dropdown projection: its `label` field also names a row in messages. */
  options?: { label: string };
  api: {
    list: string;
    detail: (id: number) => string;
    add: string;
    update: (id: number) => string;
    remove: (id: number) => string;
    export: (format: string) => string;
    /** GET: the row's change history, newest first. */
    history: (id: number) => string;
    /** POST: puts one change of that history back. */
    revert: (id: number, historyId: number) => string;
  };
};

/** List filters (status, type, companyId, a parent id such as clientId...): part of the key and of the query string. */
export type ResourceFilters = Record<string, QueryValue>;

/**
 * The one query-key scheme of every resource, so two screens never share a key for two shapes:
 *   [name]                              everything of the resource (what writes invalidate)
 *   [name, 'list', filters, listQuery]  a page of GET /x (DataTable appends the list query)
 *   [name, 'detail', id]                GET /x/{id}
 *   [name, 'options', shape]            a dropdown's projection; `shape` names it ('id-name', ...)
 *   [name, 'history', id]               GET /x/{id}/history (a revert, like any write, refreshes it with the rest)
 * A screen that needs whole rows for a picker reads them under 'list' with its own params.
 */
export const resourceKeys = (name: string) => ({
  all: [name] as const,
  lists: (filters: ResourceFilters = {}) => [name, 'list', filters] as const,
  detail: (id: number) => [name, 'detail', id] as const,
  options: (shape: string) => [name, 'options', shape] as const,
  history: (id: number) => [name, 'history', id] as const,
});

export type WriteResponse<Row> = { success: boolean; message: string; data?: Row } & Record<string, unknown>;
/** Options of an add or edit call: the upload progress of a multipart body (a progress bar). */
export type WriteOptions = { onUploadProgress?: (progress: UploadProgress) => void };

export type BulkDeleteOutcome = { deleted: number; failures: { id: number; message: string }[] };

export type ResourceApiOptions = {
  /** How a failed list read shows: 'throw' (the table's error with a retry, spec s.8 'Failed to load posts') or 'empty'. */
  onListError?: 'throw' | 'empty';
  /** The error a failed list read shows (spec s.8 defaults: 'Failed to load posts', locations 'Failed to get location'). */
  listErrorMessage?: string;
  /** The list's filters kept in the URL (how each value is read): part of the key, the list call and the export. */
  urlFilters?: FilterSpec;
  /** Reshapes what was read from the URL (e.g. a date range given backwards). */
  // biome-ignore lint/suspicious/noExplicitAny: each list's own filter values (FilterValues of its spec)
  normaliseFilters?: (filters: any) => FilterValues<FilterSpec>;
};

const NO_FILTERS: FilterSpec = {};

/** Fetchers, query options and the export config of one resource; a feature builds it once at module scope. */
export function createResourceApi<Row>(resource: ResourceDeclaration, options: ResourceApiOptions = {}) {
  const keys = resourceKeys(resource.name);
  const singular = resource.label.singular.toLowerCase();
  const listError = options.listErrorMessage ?? ERROR_MESSAGES.loadPosts;

  async function list(
    query: ListQueryState,
    filters: ResourceFilters = {},
    { signal }: { signal?: AbortSignal } = {},
  ): Promise<ListResult<Row>> {
    // A day picked is a day of the browser's zone, as the rows' times show (the export names it always).
    const sent = options.urlFilters && setsDay(options.urlFilters, filters) ? { ...filters, timeZone: browserTimeZone() } : filters;
    const params = Object.fromEntries(listQueryToSearchParams(query, sent));
    if (options.onListError === 'empty') return readListOrEmpty<Row>(resource.api.list, params, signal);
    let body: ListResult<Row> | undefined;
    try {
      body = await api.get<ListResult<Row>>(resource.api.list, { query: params, signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new Error(listError, { cause: error });
    }
    if (!body || !Array.isArray(body.data)) throw new Error(listError);
    return body;
  }

  const remove = (id: number) => api.delete<OperationResponse>(resource.api.remove(id));
  // The key ResourcePage's table asks for: its base key (keys.lists) plus the list query it reads from the URL.
  const listQueryOptions = (query: ListQueryState, filters: ResourceFilters = {}) =>
    queryOptions({ queryKey: [...keys.lists(filters), query], queryFn: ({ signal }) => list(query, filters, { signal }) });

  const urlFilters = options.urlFilters ?? NO_FILTERS;
  const { normaliseFilters } = options;
  const filtersFromUrl = (params: URLSearchParams): ResourceFilters => {
    const read = parseFilters(urlFilters, params);
    return normaliseFilters ? normaliseFilters(read) : read;
  };
  /** The page a list screen shows for these URL parameters (see listQueryForUrl), with the URL's filters. */
  const routeQueries: RouteQueries = (params) => [listQueryOptions(parseListQuery(params), filtersFromUrl(params))];

  return {
    resource,
    keys,
    list,
    listQueryOptions,
    urlFilters,
    normaliseFilters,
    filtersFromUrl,
    routeQueries,
    /**
     * The page a list screen shows for these URL parameters (the table's state under `prefix`,
     * ResourcePage's `urlPrefix`): what a route's loader prefetches, under the key the table
     * then reads. A sort field the table's columns refuse makes the table ask for its own page.
     */
    listQueryForUrl: (params: URLSearchParams, filters: ResourceFilters = {}, prefix?: string) =>
      listQueryOptions(parseListQuery(params, { prefix }), filters),
    detailQueryOptions: (id: number) =>
      queryOptions({
        queryKey: keys.detail(id),
        queryFn: ({ signal }) => api.get<{ data: Row }>(resource.api.detail(id), { signal }).then((b) => b.data),
      }),
    /** POST /x/add: FormData for multipart resources, an object for JSON ones. */
    create: (body: FormData | object, options: WriteOptions = {}) => api.post<WriteResponse<Row>>(resource.api.add, body, options),
    update: ({ id, body }: { id: number; body: FormData | object }, options: WriteOptions = {}) =>
      api.patch<WriteResponse<Row>>(resource.api.update(id), body, options),
    remove,
    /**
     * Deletes one by one (the API has no bulk call) and keeps every refusal with its message, so
     * a row still in use does not hide that the others went.
     */
    async removeMany(ids: readonly number[], removeOne: (id: number) => Promise<unknown> = remove): Promise<BulkDeleteOutcome> {
      const results = await Promise.allSettled(ids.map((id) => removeOne(id)));
      const failures = results.flatMap((result, i) =>
        result.status === 'rejected' ? [{ id: ids[i], message: errorMessage(result.reason, `The ${singular} could not be deleted`) }] : [],
      );
      return { deleted: ids.length - failures.length, failures };
    },
    /** GET /x/export/{format} of what the list selects (all pages), dates in the browser's zone (spec s.9), with the bearer token. */
    exportConfig: (filters: ResourceFilters = {}): DataTableExportConfig => ({
      exportUrl: (format, query) =>
        buildUrl(
          resource.api.export(format),
          Object.fromEntries(listQueryToSearchParams(query, { ...filters, timeZone: browserTimeZone() })),
        ),
      download: (url, context) =>
        fetchDownload(url, { ...context, init: { headers: { Authorization: `Bearer ${getSession()?.accessToken ?? ''}` } } }),
      onError: (format) => toast.error(exportErrorMessage(format)),
    }),
  };
}

export type ResourceApi<Row> = ReturnType<typeof createResourceApi<Row>>;
