import type { Menu } from '@console/contract';
import { useMatches } from 'react-router';
import { canWith } from '../../lib/permissions';
import type { RouteKey } from '../../lib/route-keys';

/**
 * What a signed-in route tells the shell (react-router `handle`): the module whose menus the
 * sidebar shows (normally the first URL segment), the menu it belongs to, and its title and
 * purpose, and the permission key the page needs (lib/route-keys.ts). app/route-table.ts fills these in.
 */
export type ShellRouteHandle = {
  module: string;
  menu?: string;
  title: string;
  description: string;
  roleKey?: RouteKey;
};

const isShellHandle = (value: unknown): value is ShellRouteHandle =>
  Boolean(value && typeof value === 'object' && 'module' in value && 'title' in value);

/** The handle of the deepest matched shell route. */
export function useShellRoute(): ShellRouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    if (isShellHandle(matches[i].handle)) return matches[i].handle as ShellRouteHandle;
  }
  return undefined;
}

export const firstSegment = (pathname: string) => pathname.split('/').filter(Boolean)[0] ?? '';

export const menuHref = (moduleSlug: string, menu: Pick<Menu, 'slug'>) => `/${moduleSlug}/${menu.slug}`;

/** A menu link is active on its own page and on pages below it (e.g. device details under user requests). */
export const isMenuActive = (pathname: string, href: string) => pathname === href || pathname.startsWith(`${href}/`);

/**
 * May the user open this shell route? Role 1 may open everything; others need the route's
 * menu among their permitted menus of that module (or, for a module page without a menu,
 * any permitted menu of the module) and the route's key: a menu is shared by pages with
 * different keys (user requests and device details). Mirrors the API, which refuses the data anyway.
 */
export function canOpenShellRoute(
  handle: Pick<ShellRouteHandle, 'module' | 'menu' | 'roleKey'>,
  permissions: {
    isSuperAdmin: boolean;
    menuPermissions: Record<string, readonly Pick<Menu, 'slug'>[]>;
    roleKeys: ReadonlySet<string>;
  },
): boolean {
  if (permissions.isSuperAdmin) return true;
  if (handle.roleKey && !canWith(permissions, handle.roleKey)) return false;
  const menus = permissions.menuPermissions[handle.module] ?? [];
  if (handle.menu) return menus.some((m) => m.slug === handle.menu);
  return menus.length > 0;
}
