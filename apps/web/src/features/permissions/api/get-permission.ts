import { ADMIN_API_PATHS, ERROR_MESSAGES, type PermissionDetail, permissionResponseSchema } from '@console/contract';
import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '../../../lib/use-query';
import { api } from '../../../lib/api-client';

/** GET /permissions/{id}: one group with its sub-modules and their roleKeys. */
const permissionQuery = (id: number) =>
  queryOptions({
    queryKey: ['permissions', 'detail', id],
    queryFn: async ({ signal }): Promise<PermissionDetail> => {
      const parsed = permissionResponseSchema.safeParse(await api.get(ADMIN_API_PATHS.permissions.byId(id), { signal }));
      if (!parsed.success) throw new Error(ERROR_MESSAGES.loadPosts);
      return parsed.data.data;
    },
    staleTime: 5 * 60_000,
  });

export const usePermission = (id: number | null) => useQuery({ ...permissionQuery(id ?? 0), enabled: id !== null });
