import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { canOpenShellRoute, type ShellRouteHandle } from '../components/shell/route-handle';
import { clientDashboardRouteQueries } from '../features/client-dashboard/api/get-client-dashboard';
import { clientsApi } from '../features/clients/clients-api';
import { companiesApi } from '../features/companies/api/companies-api';
import { locationsRouteQueries } from '../features/locations/api/locations-api';
import { manageActionsApi } from '../features/manage-actions/manage-actions-api';
import { productDashboardRouteQueries } from '../features/product-dashboard/api/get-product-dashboard';
import { campaignMediaApi } from '../features/campaign-media/campaign-media-api';
import { demoMediaApi } from '../features/demo-media/demo-media-api';
import { rolesApi } from '../features/roles/api/roles-api';
import { toneHomeRouteQueries } from '../features/tone-home/api/tone-home-api';
import { usersRouteQueries } from '../features/users/api/users-api';
import { getSession } from '../lib/auth/session';
import { modulesQuery } from '../lib/modules';
import { canWith, loadPermissions, rolePermissionsQuery } from '../lib/permissions';
import { queryClient } from '../lib/query-client';
import { resourcePath, type ScreenResource } from '../lib/resource-routes';
import { routePattern } from '../lib/route-keys';
import { prefetchQueries, type RouteQueries } from '../lib/route-prefetch';

/**
 * The first queries of the main resource screens, by resource: the page of the list the URL
 * selects, with the URL's filters (the feature's resource api), or the feature's own queries.
 */
const RESOURCE_QUERIES: Partial<Record<ScreenResource, RouteQueries>> = {
  locations: locationsRouteQueries,
  companies: companiesApi.routeQueries,
  users: usersRouteQueries,
  roles: rolesApi.routeQueries,
  clients: clientsApi.routeQueries,
  'campaign-media': campaignMediaApi.routeQueries,
  'demo-media': demoMediaApi.routeQueries,
  'manage-actions': manageActionsApi.routeQueries,
};

/** The first queries of the main list and dashboard screens, by path (as lib/route-keys.ts spells it). */
export const ROUTE_QUERIES: Record<string, RouteQueries> = {
  '/tone-dashboard/home': toneHomeRouteQueries,
  '/{product}/dashboard': productDashboardRouteQueries,
  '/demo-admin/client-dashboard': clientDashboardRouteQueries,
  ...Object.fromEntries(
    Object.entries(RESOURCE_QUERIES).map(([name, queries]) => [resourcePath(name as ScreenResource, '{product}'), queries]),
  ),
};

/**
 * A shell route's loader work (router.tsx): starts the screen's first queries at navigation, in
 * parallel with the download of the screen's code, instead of when the screen first renders.
 * This module and what it imports form their own chunk without UI code (`data` in
 * bundling/chunk-groups.ts), so on a cold load the requests go out before Mantine and the screens
 * have arrived.
 *
 * Nothing is asked that the shell would not show: without a session (the private loader sends
 * the browser to sign-in) no request goes out, and on a page the shell answers with Access Denied
 * only what the shell itself reads (a refused call is an audit row on the server). The
 * permissions and the modules come from the cache entries the shell reads, so asking for them
 * here only asks sooner.
 */
export async function prefetchRouteData(
  handle: Pick<ShellRouteHandle, 'module' | 'menu' | 'roleKey'>,
  url: URL,
  client: QueryClient = queryClient,
): Promise<void> {
  const roleId = getSession()?.user.roleId;
  if (typeof roleId !== 'number') return;
  // The shell's module name and logo, which every shell screen shows (Access Denied too): in the
  // cache before the shell's first render, it draws the sidebar once instead of again on arrival.
  // Only when absent (ensureQueryData): the shell stays mounted across navigations and refreshes
  // it itself. A failure is the shell's to show, as with the permissions below.
  void client.ensureQueryData(modulesQuery()).catch(() => undefined);
  const queries = ROUTE_QUERIES[routePattern(url.pathname)];
  if (!queries) return;
  try {
    const permissions = await loadPermissions(client, roleId);
    if (!canOpenShellRoute(handle, permissions)) return;
    prefetchQueries(
      client,
      queries(url.searchParams, (key) => canWith(permissions, key)),
    );
  } catch {
    // The permissions did not arrive: the shell shows that; the screen asks for itself if it mounts.
  }
}

/**
 * Resolves once the query has its data, or its first attempt has failed, or it waits for the
 * browser to be online. A failure is retried (a 503 for as long as the service is away,
 * query-client.ts), and the shell is what shows that ("unavailable, retrying") or the lost
 * connection, so a navigation must not wait for either.
 */
function firstAnswer<TData, TKey extends QueryKey>(
  client: QueryClient,
  options: EnsureQueryDataOptions<TData, Error, TData, TKey>,
): Promise<void> {
  const answered = () => {
    const state = client.getQueryState(options.queryKey);
    if (!state) return false;
    return state.data !== undefined || state.fetchFailureCount > 0 || state.status === 'error' || state.fetchStatus === 'paused';
  };
  const pending = client.ensureQueryData(options);
  return new Promise<void>((resolve) => {
    const done = () => {
      unsubscribe();
      resolve();
    };
    const unsubscribe = client.getQueryCache().subscribe(() => {
      if (answered()) done();
    });
    pending.then(done, done);
    if (answered()) done();
  });
}

/**
 * The shell's own loader work (router.tsx): waits for what the shell draws around every screen,
 * the role's permissions (its menus, and whether the page may open) and the modules (the
 * sidebar's name and logo), so that its first render is the finished frame. Before, the shell
 * first drew four placeholder menu items and a spinner, then the menus and the page, one commit
 * later: two frames of loading and the removal of the first (issue 17, Lighthouse on the users
 * list). Both come from the cache the shell reads, so a navigation between shell screens does not
 * wait; a failed first attempt ends the wait, and the shell shows the failure and its retries.
 */
export async function loadShellData(client: QueryClient = queryClient): Promise<void> {
  const roleId = getSession()?.user.roleId;
  if (typeof roleId !== 'number') return;
  await Promise.all([firstAnswer(client, rolePermissionsQuery(roleId)), firstAnswer(client, modulesQuery())]);
}
