import { ADMIN_API_PATHS, type Role } from '@console/contract';
import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '../../../lib/use-query';
import { readListOrEmpty } from '../../../lib/api-client';

/** GET /roles, all of them (roles are few; 500 is the API's page maximum), by id: the grid's rows. Spec s.8: failure reads as empty. */
const gridRolesQuery = () =>
  queryOptions({
    queryKey: ['roles', 'grid'],
    queryFn: async ({ signal }) =>
      (await readListOrEmpty<Role>(ADMIN_API_PATHS.roles.list, { limit: 500, sortField: 'id', sortOrder: 'asc' }, signal)).data,
    staleTime: 30_000,
  });

export const useGridRoles = () => useQuery(gridRolesQuery());
