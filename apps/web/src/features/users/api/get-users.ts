import { ADMIN_API_PATHS, ERROR_MESSAGES, type ListResult, type UserListItem } from '@console/contract';
import { type ListQueryState, listQueryToSearchParams } from '../../../components/data-table';
import { api } from '../../../lib/api-client';
import type { UserFilters } from '../components/user-filters';

/** Every users cache entry starts with this key, so one invalidation refreshes them all. */
export const USERS_QUERY_KEY = ['users'] as const;

/** The filters are part of the key: each filter combination is its own cached list. */
export const usersListKey = (filters: UserFilters) => [...USERS_QUERY_KEY, 'list', filters] as const;

/**
 * GET /users with the list query plus the roleId / companyId / status filters. A failure
 * rejects with the spec's stored rejection default for users ('Failed to load posts', s.8).
 */
export async function getUsers(
  query: ListQueryState,
  filters: UserFilters,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ListResult<UserListItem>> {
  let body: ListResult<UserListItem> | undefined;
  try {
    body = await api.get<ListResult<UserListItem>>(ADMIN_API_PATHS.users.list, {
      query: Object.fromEntries(listQueryToSearchParams(query, filters)),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(ERROR_MESSAGES.loadPosts, { cause: error });
  }
  if (!body || !Array.isArray(body.data)) throw new Error(ERROR_MESSAGES.loadPosts);
  return body;
}

