import { STATUSES, type Status } from '@console/contract';

/** The users list filters (contract userListQueryExtraSchema); absent means "any". */
export type UserFilters = { roleId?: number; companyId?: number; status?: Status };

const USER_FILTER_PARAMS = ['roleId', 'companyId', 'status'] as const;

const positiveId = (raw: string | null): number | undefined =>
  raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : undefined;

/**
 * Reads the filters from the URL. Like the list query, anything invalid is dropped rather than
 * sent (the API would answer 400), so a hand-edited link never breaks the screen.
 */
export function parseUserFilters(params: URLSearchParams): UserFilters {
  const filters: UserFilters = {};
  const roleId = positiveId(params.get('roleId'));
  const companyId = positiveId(params.get('companyId'));
  const status = params.get('status');
  if (roleId !== undefined) filters.roleId = roleId;
  if (companyId !== undefined) filters.companyId = companyId;
  if (status && (STATUSES as readonly string[]).includes(status)) filters.status = status as Status;
  return filters;
}

/**
 * A copy of `params` with the filters merged in (undefined removes one). Other parameters
 * (search, sort, limit) stay; the page goes back to 1 because the old page may not exist
 * in the new selection.
 */
export function writeUserFilters(
  params: URLSearchParams,
  patch: Partial<Record<keyof UserFilters, number | string | undefined>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of USER_FILTER_PARAMS) {
    if (!(name in patch)) continue;
    const value = patch[name];
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, String(value));
  }
  next.delete('page');
  return next;
}

export const hasUserFilters = (filters: UserFilters) => Object.keys(filters).length > 0;
