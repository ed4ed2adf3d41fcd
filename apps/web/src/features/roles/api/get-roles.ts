import { ADMIN_API_PATHS, type RoleListItem } from '@console/contract';
import type { ListQueryState } from '../../../components/data-table';
import { readListOrEmpty } from '../../../lib/api-client';

/** Base query key of every roles list; mutations invalidate it. */
export const ROLES_QUERY_KEY = ['roles'] as const;

/** GET /roles with the list query. Spec s.8: a failed list read is an empty list. */
export function getRoles(query: ListQueryState, signal?: AbortSignal) {
  return readListOrEmpty<RoleListItem>(ADMIN_API_PATHS.roles.list, { ...query }, signal);
}
