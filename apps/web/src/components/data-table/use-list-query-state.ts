/**
 * The list query of a table, kept in the URL search params: back/forward, reload and shared
 * links all restore the same page, page size, search and sort.
 */
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  type ListQueryOptions,
  type ListQueryState,
  type SortOrder,
  defaultListQuery,
  parseListQuery,
  sameListQuery,
  writeListQuery,
} from './list-query';

export interface SetListQueryOptions {
  /** Replace the current history entry instead of pushing a new one. */
  replace?: boolean;
}

export interface ListQueryStateApi {
  query: ListQueryState;
  /** Merge a patch into the query. A change of search, limit or sort goes back to page 1 unless the patch sets a page. */
  setQuery: (patch: Partial<ListQueryState>, options?: SetListQueryOptions) => void;
  setPage: (page: number) => void;
  setLimit: (limit: number) => void;
  /** Called by the debounced search box, so one history entry per pause in typing. */
  setSearch: (search: string) => void;
  setSort: (sortField: string | undefined, sortOrder: SortOrder) => void;
  /** Back to every default. */
  reset: () => void;
}

export function useListQueryState(options: ListQueryOptions = {}): ListQueryStateApi {
  const [searchParams, setSearchParams] = useSearchParams();

  // Callers usually pass an inline object; key the memo on its content, not its identity.
  const optionsKey = JSON.stringify([
    options.prefix,
    options.limits,
    options.defaultLimit,
    options.defaultSortField,
    options.defaultSortOrder,
    options.sortFields,
  ]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: optionsKey stands for options (content, not identity)
  const stableOptions = useMemo(() => options, [optionsKey]);

  const parsed = useMemo(() => parseListQuery(searchParams, stableOptions), [searchParams, stableOptions]);
  // Keep the object identity while the values are the same (other URL params may change).
  const lastQuery = useRef(parsed);
  if (!sameListQuery(lastQuery.current, parsed)) lastQuery.current = parsed;
  const query = lastQuery.current;

  const latestParams = useRef(searchParams);
  latestParams.current = searchParams;

  const setQuery = useCallback(
    (patch: Partial<ListQueryState>, setOptions: SetListQueryOptions = {}) => {
      const current = parseListQuery(latestParams.current, stableOptions);
      const next: ListQueryState = { ...current, ...patch };
      if (typeof next.search === 'string') next.search = next.search.trim();
      const resetsPage =
        next.search !== current.search ||
        next.limit !== current.limit ||
        next.sortField !== current.sortField ||
        next.sortOrder !== current.sortOrder;
      if (resetsPage && patch.page === undefined) next.page = 1;
      const nextParams = writeListQuery(latestParams.current, next, stableOptions);
      if (nextParams.toString() === latestParams.current.toString()) return;
      latestParams.current = nextParams;
      setSearchParams(nextParams, { replace: setOptions.replace });
    },
    [setSearchParams, stableOptions],
  );

  return useMemo(
    () => ({
      query,
      setQuery,
      setPage: (page: number) => setQuery({ page }),
      setLimit: (limit: number) => setQuery({ limit }),
      setSearch: (search: string) => setQuery({ search }),
      setSort: (sortField: string | undefined, sortOrder: SortOrder) => setQuery({ sortField, sortOrder }),
      reset: () => setQuery(defaultListQuery(stableOptions)),
    }),
    [query, setQuery, stableOptions],
  );
}
