import { type Role, rolesResource } from '@console/contract';
import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '../../../lib/use-query';
import { createResourceApi } from '../../../components/resource';

// Spec s.8: a failed list read is an empty list.
const roles = createResourceApi<Role>(rolesResource, { onListError: 'empty' });

// The role picker lists every role: roles are few (the API allows up to 500 per page).
const PICKER_QUERY = { page: 1, limit: 500, search: '', sortField: 'name', sortOrder: 'asc' } as const;

/**
 * GET /roles for the role picker, by name: whole rows (userCount included), cached as the list
 * page they are (['roles', 'list', {}, query], the same shape a roles table caches there) and
 * projected with `select`, never under a dropdown's 'options' key.
 */
export const roleOptionsQuery = () =>
  queryOptions({ ...roles.listQueryOptions(PICKER_QUERY), select: (page) => page.data, staleTime: 30_000 });

/** The role picker's rows (a list page, not a dropdown's options: the picker shows each role's user count). */
export const useRoleRows = () => useQuery(roleOptionsQuery());
