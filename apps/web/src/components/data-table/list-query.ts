/**
 * The spec's list query (s.3) as it lives in the browser's URL: reading is lenient (anything
 * invalid falls back to its default, so a hand-edited or stale URL never breaks a screen) and
 * writing leaves defaults out, so a fresh list has a clean URL.
 */
import { DEFAULT_PAGE_SIZE, type EXPORT_FORMATS, ROW_LIMITS } from '@console/contract';

export type SortOrder = 'asc' | 'desc';
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What a list screen sends to its list endpoint (spec s.3 "List query"). */
export interface ListQueryState {
  page: number;
  limit: number;
  search: string;
  sortField?: string;
  sortOrder: SortOrder;
}

/** What an export sends: the current selection of the list, all pages (no page/limit). */
export type ExportQuery = Omit<ListQueryState, 'page' | 'limit'>;

export interface ListQueryOptions {
  /** Prefix for the URL parameter names, for two tables on one page (e.g. 'sessions.' gives 'sessions.page'). */
  prefix?: string;
  /** Allowed page sizes; default the spec's 10, 25, 50, 100, 250, 500. */
  limits?: readonly number[];
  /** Page size when the URL has none or an invalid one; default 10. */
  defaultLimit?: number;
  /** Sort field when the URL has none or one that is not allowed; default none (server order). */
  defaultSortField?: string;
  defaultSortOrder?: SortOrder;
  /** When given, a sortField outside this list falls back to the default. */
  sortFields?: readonly string[];
}

export const SEARCH_MAX_LENGTH = 200;
const MAX_PAGE = 1_000_000;

const LIST_PARAM_NAMES = ['page', 'limit', 'search', 'sortField', 'sortOrder'] as const;
type ParamName = (typeof LIST_PARAM_NAMES)[number];

function paramName(name: ParamName, prefix = ''): string {
  return `${prefix}${name}`;
}

export function defaultListQuery(options: ListQueryOptions = {}): ListQueryState {
  return {
    page: 1,
    limit: resolveDefaultLimit(options),
    search: '',
    sortField: options.defaultSortField,
    sortOrder: options.defaultSortOrder ?? 'asc',
  };
}

function resolveDefaultLimit(options: ListQueryOptions): number {
  const limits = options.limits ?? ROW_LIMITS;
  const wanted = options.defaultLimit ?? DEFAULT_PAGE_SIZE;
  return limits.includes(wanted) ? wanted : limits[0];
}

/** Reads the list query from URL search params; every invalid value falls back to its default. */
export function parseListQuery(params: URLSearchParams, options: ListQueryOptions = {}): ListQueryState {
  const p = (name: ParamName) => params.get(paramName(name, options.prefix));
  const defaults = defaultListQuery(options);
  const limits = options.limits ?? ROW_LIMITS;

  const pageRaw = p('page');
  const page = pageRaw && /^\d{1,7}$/.test(pageRaw) ? Number(pageRaw) : NaN;

  const limitRaw = p('limit');
  const limit = limitRaw && /^\d{1,4}$/.test(limitRaw) ? Number(limitRaw) : NaN;

  const search = (p('search') ?? '').trim().slice(0, SEARCH_MAX_LENGTH);

  const sortFieldRaw = p('sortField')?.trim() || undefined;
  const sortFieldAllowed =
    sortFieldRaw !== undefined && sortFieldRaw.length <= 100 && (!options.sortFields || options.sortFields.includes(sortFieldRaw));
  const sortField = sortFieldAllowed ? sortFieldRaw : defaults.sortField;

  const orderRaw = p('sortOrder')?.toLowerCase();
  const sortOrder: SortOrder = orderRaw === 'asc' || orderRaw === 'desc' ? orderRaw : defaults.sortOrder;

  return {
    page: page >= 1 && page <= MAX_PAGE ? page : 1,
    limit: limits.includes(limit) ? limit : defaults.limit,
    search,
    sortField,
    sortOrder,
  };
}

/**
 * Writes `query` into a copy of `params`, leaving out values equal to their defaults and keeping
 * every unrelated parameter (filters such as clientId stay in the URL).
 */
export function writeListQuery(params: URLSearchParams, query: ListQueryState, options: ListQueryOptions = {}): URLSearchParams {
  const next = new URLSearchParams(params);
  const defaults = defaultListQuery(options);
  const set = (name: ParamName, value: string | undefined, isDefault: boolean) => {
    const key = paramName(name, options.prefix);
    if (value === undefined || value === '' || isDefault) next.delete(key);
    else next.set(key, value);
  };
  set('page', String(query.page), query.page === 1);
  set('limit', String(query.limit), query.limit === defaults.limit);
  set('search', query.search.trim(), false);
  set('sortField', query.sortField, query.sortField === defaults.sortField);
  // The order only means something with a field (or a default field); keep it out otherwise.
  set('sortOrder', query.sortOrder, !query.sortField || (query.sortField === defaults.sortField && query.sortOrder === defaults.sortOrder));
  return next;
}

export function sameListQuery(a: ListQueryState, b: ListQueryState): boolean {
  return a.page === b.page && a.limit === b.limit && a.search === b.search && a.sortField === b.sortField && a.sortOrder === b.sortOrder;
}

export function toExportQuery(query: ListQueryState): ExportQuery {
  const { page: _page, limit: _limit, ...rest } = query;
  return rest;
}

type ParamValue = string | number | boolean | null | undefined;

/**
 * Turns a list (or export) query plus extra parameters (clientId, userId, deviceCode...) into
 * URLSearchParams for an API call: undefined, null and empty values are left out.
 */
export function listQueryToSearchParams(
  query: Partial<ListQueryState> | ExportQuery,
  extra: Record<string, ParamValue> = {},
): URLSearchParams {
  const params = new URLSearchParams();
  const merged: Record<string, ParamValue> = { ...query, ...extra };
  for (const [key, value] of Object.entries(merged)) {
    if (value === undefined || value === null || value === '') continue;
    // An order without a field is noise to the server.
    if (key === 'sortOrder' && !merged.sortField) continue;
    params.set(key, String(value));
  }
  return params;
}
