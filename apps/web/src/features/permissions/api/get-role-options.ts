import { ADMIN_API_PATHS, type Role } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readListOrEmpty } from '../../../lib/api-client';

// The role picker lists every role: roles are few (the API allows up to 500 per page).
const PICKER_LIMIT = 500;

/** GET /roles for the role picker, by name. Spec s.8: a failed list read is an empty list. */
const roleOptionsQuery = () =>
  queryOptions({
    queryKey: ['roles', 'options'],
    queryFn: async ({ signal }) =>
      (await readListOrEmpty<Role>(ADMIN_API_PATHS.roles.list, { limit: PICKER_LIMIT, sortField: 'name', sortOrder: 'asc' }, signal)).data,
    staleTime: 30_000,
  });

export const useRoleOptions = () => useQuery(roleOptionsQuery());
