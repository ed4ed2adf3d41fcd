import { ADMIN_API_PATHS, ERROR_MESSAGES, type ListResult, type PermissionDetail, permissionsListResponseSchema } from '@console/contract';
import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '../../../lib/use-query';
import type { ListQueryState } from '../../../components/data-table';
import { api, readListOrEmpty } from '../../../lib/api-client';

export const PERMISSION_GROUPS_KEY = ['permissions'] as const;

/** GET /permissions without a limit: the whole catalogue of groups and keys, for the matrix. */
const permissionGroupsQuery = () =>
  queryOptions({
    queryKey: [...PERMISSION_GROUPS_KEY, 'all'],
    queryFn: async ({ signal }): Promise<PermissionDetail[]> => {
      const parsed = permissionsListResponseSchema.safeParse(await api.get(ADMIN_API_PATHS.permissions.list, { signal }));
      // The matrix cannot work from an empty catalogue: fail with the spec's stored text instead.
      if (!parsed.success) throw new Error(ERROR_MESSAGES.loadPosts);
      return parsed.data.data;
    },
    staleTime: 5 * 60_000,
  });

export const usePermissionGroups = () => useQuery(permissionGroupsQuery());

/** GET /permissions with the list query, for the read-only groups table. */
export function getPermissionGroupsPage(query: ListQueryState, signal?: AbortSignal): Promise<ListResult<PermissionDetail>> {
  return readListOrEmpty<PermissionDetail>(ADMIN_API_PATHS.permissions.list, { ...query }, signal);
}
