import { ADMIN_API_PATHS, type ListResult, type RoleListItem, rolesResource } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { resourceKeys } from '../../../components/resource';
import { api } from '../../../lib/api-client';

/**
 * The API's largest page for /roles (docs/interfaces.md: lists take limit <= 500; only
 * /companies goes to 1000, for the company dropdown). More roles than that are read page by page.
 */
const ROLE_OPTIONS_PAGE_SIZE = 500;
const MAX_PAGES = 20;

/** `manageable`: the signed-in user may assign the role (the user form offers only those). */
export type RoleOption = Pick<RoleListItem, 'id' | 'name' | 'manageable'>;

/** Every role, sorted by name: the role filter (all) and the form's role dropdown (manageable ones); not paged on screen. */
async function getRoleOptions({ signal }: { signal?: AbortSignal } = {}): Promise<RoleOption[]> {
  const roles: RoleOption[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const body = await api.get<ListResult<RoleListItem>>(ADMIN_API_PATHS.roles.list, {
      query: { page, limit: ROLE_OPTIONS_PAGE_SIZE, sortField: 'name', sortOrder: 'asc' },
      signal,
    });
    roles.push(...(body?.data ?? []).map(({ id, name, manageable }) => ({ id, name, manageable })));
    if (!body || page >= body.totalPages) break;
  }
  return roles;
}

/**
 * Under ['roles', ...] so that any roles screen invalidating ['roles'] refreshes the dropdown too,
 * and under 'options' with the shape's name: the permissions screen reads whole roles (userCount)
 * and must never be handed this projection from the cache.
 */
export const roleOptionsQueryOptions = () =>
  queryOptions({
    queryKey: resourceKeys(rolesResource.name).options('id-name-manageable'),
    queryFn: ({ signal }) => getRoleOptions({ signal }),
    staleTime: 60_000,
  });

export const useRoleOptions = (enabled = true) => useQuery({ ...roleOptionsQueryOptions(), enabled });
