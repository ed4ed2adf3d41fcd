import { ADMIN_API_PATHS, ERROR_MESSAGES, type ModulePermission, modulePermissionsResponseSchema } from '@console/contract';
import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '../../../lib/use-query';
import { api } from '../../../lib/api-client';

/** GET /module-permissions: {roleId, moduleId} of every role (role 1 with every module). */
const modulePermissionsQuery = () =>
  queryOptions({
    queryKey: ['module-permissions'],
    queryFn: async ({ signal }): Promise<ModulePermission[]> => {
      const parsed = modulePermissionsResponseSchema.safeParse(await api.get(ADMIN_API_PATHS.modulePermissions.list, { signal }));
      if (!parsed.success) throw new Error(ERROR_MESSAGES.loadPosts);
      return parsed.data.data;
    },
    staleTime: 0,
  });

export const useModulePermissions = () => useQuery(modulePermissionsQuery());
