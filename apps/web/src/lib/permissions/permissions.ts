import {
  API_PATHS,
  ERROR_MESSAGES,
  type Menu,
  type RolePermissions,
  rolePermissionsResponseSchema,
  SUPER_ADMIN_ROLE_ID,
} from '@console/contract';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { useQuery } from '../use-query';
import { api } from '../api-client';
import { useSession } from '../auth/session';

/**
 * The cache of GET /role-permissions/{roleId} (the access module the shell reads): a screen that
 * changes a role's grants invalidates it, for one role or (no id) every role.
 */
export const rolePermissionsKey = (roleId?: number) => (roleId === undefined ? ['role-permissions'] : ['role-permissions', roleId]);

export const rolePermissionsQuery = (roleId: number) =>
  queryOptions({
    queryKey: rolePermissionsKey(roleId),
    queryFn: async ({ signal }): Promise<RolePermissions> => {
      const body = await api.get<unknown>(API_PATHS.rolePermissions(roleId), { signal });
      const parsed = rolePermissionsResponseSchema.safeParse(body);
      if (!parsed.success) throw new Error(ERROR_MESSAGES.loadPosts);
      return parsed.data.data;
    },
    // Grants change rarely; a role change takes effect on the next fetch (window focus / reload).
    staleTime: 60_000,
  });

export type PermissionsState = {
  roleId: number | undefined;
  isSuperAdmin: boolean;
  isLoading: boolean;
  isError: boolean;
  /** Permitted menus per module slug (the first URL segment). */
  menuPermissions: Record<string, Menu[]>;
  /** Permitted sub-module roleKeys (spec s.6). */
  roleKeys: ReadonlySet<string>;
  refetch: () => void;
};

const EMPTY_KEYS: ReadonlySet<string> = new Set();

/** The signed-in user's permissions, fetched once per role (spec s.6 "On load, permissions ... are fetched"). */
export function usePermissions(): PermissionsState {
  const session = useSession();
  const roleId = session?.user.roleId;
  const query = useQuery({ ...rolePermissionsQuery(roleId ?? 0), enabled: typeof roleId === 'number' });
  const data = query.data;
  return {
    roleId,
    isSuperAdmin: roleId === SUPER_ADMIN_ROLE_ID,
    isLoading: query.isPending && typeof roleId === 'number',
    isError: query.isError,
    menuPermissions: data?.menuPermissions ?? {},
    roleKeys: data ? new Set(data.rolePermissions) : EMPTY_KEYS,
    refetch: () => void query.refetch(),
  };
}

/**
 * The role's permissions outside React (a route's loader), from the cache entry usePermissions
 * reads: asked for once, whichever comes first. Role 1 needs no answer to pass every check.
 */
export async function loadPermissions(
  client: QueryClient,
  roleId: number,
): Promise<Pick<PermissionsState, 'isSuperAdmin' | 'menuPermissions' | 'roleKeys'>> {
  const pending = client.ensureQueryData(rolePermissionsQuery(roleId));
  if (roleId === SUPER_ADMIN_ROLE_ID) {
    pending.catch(() => undefined); // the shell reports a failure; the loader need not wait for it
    return { isSuperAdmin: true, menuPermissions: {}, roleKeys: EMPTY_KEYS };
  }
  const data = await pending;
  return { isSuperAdmin: false, menuPermissions: data.menuPermissions, roleKeys: new Set(data.rolePermissions) };
}

/** True when the user holds the key (or any of the keys). Role 1 passes every check, as on the server. */
export function canWith(state: Pick<PermissionsState, 'isSuperAdmin' | 'roleKeys'>, roleKey: string | readonly string[]): boolean {
  if (state.isSuperAdmin) return true;
  const keys = typeof roleKey === 'string' ? [roleKey] : roleKey;
  return keys.some((key) => state.roleKeys.has(key));
}

export function useCan(roleKey: string | readonly string[]): boolean {
  return canWith(usePermissions(), roleKey);
}
