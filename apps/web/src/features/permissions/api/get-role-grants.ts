import { ADMIN_API_PATHS, ERROR_MESSAGES, type RoleGrants, roleGrantsResponseSchema } from '@console/contract';
import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '../../../lib/use-query';
import { resourceKeys } from '../../../components/resource';
import { api } from '../../../lib/api-client';

export const roleGrantsKey = (roleId: number) => [...resourceKeys('roles').detail(roleId), 'grants'] as const;

/** GET /roles/{id}/grants: the role's modules, menus and keys (role 1: everything). */
const roleGrantsQuery = (roleId: number) =>
  queryOptions({
    queryKey: roleGrantsKey(roleId),
    queryFn: async ({ signal }): Promise<RoleGrants> => {
      const parsed = roleGrantsResponseSchema.safeParse(await api.get(ADMIN_API_PATHS.roles.grants(roleId), { signal }));
      if (!parsed.success) throw new Error(ERROR_MESSAGES.loadPosts);
      return parsed.data.data;
    },
    // Always start from what is stored: another admin may have changed it.
    staleTime: 0,
  });

export const useRoleGrants = (roleId: number | null) => useQuery({ ...roleGrantsQuery(roleId ?? 0), enabled: roleId !== null });
