import { type ListResult, RESOURCES, type ResourceName } from '@console/contract';
import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '../../lib/use-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import { api, type QueryValue } from '../../lib/api-client';
import { resourceKeys } from './resource-api';

/** The API's largest page when a list declares none (the API's lib/list-query default). */
const DEFAULT_MAX_LIMIT = 500;

type RowOf<N extends ResourceName> = z.infer<(typeof RESOURCES)[N]['schemas']['row']>;

/** What a dropdown keeps of a row: its id, its label field and the fields the caller asked for. */
export type OptionRow<N extends ResourceName, F extends string = never> = { id: number } & {
  [K in F]: K extends keyof RowOf<N> ? RowOf<N>[K] : unknown;
};
/** One choice of a resource's dropdown: value = String(id), label = the declared label field. */
export type ResourceOption<N extends ResourceName, F extends string = never> = OptionRow<N, F> & { value: string; label: string };

export type OptionsRequest<F extends string> = {
  /** Row fields the caller reads besides id and label (e.g. a role's `manageable`); they name the cached shape. */
  fields?: readonly F[];
  /** Extra list filters sent with the call (and part of the key). */
  params?: Record<string, QueryValue>;
};

function optionsOf(name: ResourceName) {
  const resource = RESOURCES[name];
  if (!resource.options) throw new Error(`${name} declares no options`);
  const max = resource.list.maxLimit ?? DEFAULT_MAX_LIMIT;
  const cap = resource.options.limit ?? max;
  return { resource, label: resource.options.label, cap, pageSize: Math.min(cap, max) };
}

/**
 * A resource's dropdown (its declaration's `options`): GET /x sorted by the label field, up to
 * `options.limit` rows (default the list's largest page), read page by page when that is more
 * than one page holds. Cached under [name, 'options', 'id-<label>-<fields>']: the shape names
 * the projection, so two screens that keep different fields never share an entry, and writes to
 * the resource (which invalidate [name]) refresh it.
 */
export function resourceOptionsQuery<N extends ResourceName, const F extends string = never>(name: N, request: OptionsRequest<F> = {}) {
  const { resource, label, cap, pageSize } = optionsOf(name);
  const { fields = [], params } = request;
  const keep = [...new Set(['id', label, ...fields])];
  const shape = keep.join('-');
  const pick = (row: Record<string, unknown>) => Object.fromEntries(keep.map((k) => [k, row[k]])) as OptionRow<N, F>;
  return queryOptions({
    queryKey: params ? [...resourceKeys(name).options(shape), params] : resourceKeys(name).options(shape),
    queryFn: async ({ signal }) => {
      const rows: OptionRow<N, F>[] = [];
      for (let page = 1; rows.length < cap; page += 1) {
        const body = await api.get<ListResult<Record<string, unknown>>>(resource.api.list, {
          query: { page, limit: pageSize, sortField: label, sortOrder: 'asc', ...params },
          signal,
        });
        rows.push(...(body?.data ?? []).map(pick));
        if (!body || page >= body.totalPages) break;
      }
      return rows.slice(0, cap);
    },
    staleTime: 60_000,
  });
}

/** The choices of a resource's dropdown, by name (RESOURCES[name].options); `enabled: false` waits (e.g. a closed drawer). */
export function useResourceOptions<N extends ResourceName, const F extends string = never>(
  name: N,
  request: OptionsRequest<F> & { enabled?: boolean } = {},
) {
  const { label } = optionsOf(name);
  const select = useCallback(
    (rows: OptionRow<N, F>[]): ResourceOption<N, F>[] =>
      rows.map((row) => ({ ...row, value: String(row.id), label: String((row as Record<string, unknown>)[label] ?? row.id) })),
    [label],
  );
  return useQuery({ ...resourceOptionsQuery(name, request), enabled: request.enabled ?? true, select });
}
