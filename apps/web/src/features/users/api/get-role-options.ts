import { ADMIN_API_PATHS, type ListResult, type Role } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The API's largest page for /roles (docs/interfaces.md: lists take limit <= 500; only
 * /companies goes to 1000, for the company dropdown). More roles than that are read page by page.
 */
export const ROLE_OPTIONS_PAGE_SIZE = 500;
const MAX_PAGES = 20;

export type RoleOption = Pick<Role, 'id' | 'name'>;

/** Every role, sorted by name: the role dropdown and filter (not paged on screen). */
export async function getRoleOptions({ signal }: { signal?: AbortSignal } = {}): Promise<RoleOption[]> {
  const roles: RoleOption[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const body = await api.get<ListResult<Role>>(ADMIN_API_PATHS.roles.list, {
      query: { page, limit: ROLE_OPTIONS_PAGE_SIZE, sortField: 'name', sortOrder: 'asc' },
      signal,
    });
    roles.push(...(body?.data ?? []).map(({ id, name }) => ({ id, name })));
    if (!body || page >= body.totalPages) break;
  }
  return roles;
}

// Under 'roles' so that any roles screen invalidating ['roles'] refreshes the dropdown too.
export const roleOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['roles', 'options'], queryFn: ({ signal }) => getRoleOptions({ signal }), staleTime: 60_000 });

export const useRoleOptions = (enabled = true) => useQuery({ ...roleOptionsQueryOptions(), enabled });
