import type { QueryClient } from '@tanstack/react-query';
import { canOpenShellRoute, type ShellRouteHandle } from '../components/shell/route-handle';
import { clientsRouteQueries } from '../features/clients/clients-api';
import { companiesRouteQueries } from '../features/companies/api/companies-api';
import { locationsRouteQueries } from '../features/locations/api/locations-api';
import { manageActionsRouteQueries } from '../features/manage-actions/manage-actions-api';
import { campaignMediaRouteQueries, demoMediaRouteQueries } from '../features/media/media-api';
import { rolesRouteQueries } from '../features/roles/api/roles-api';
import { tonesHomeRouteQueries } from '../features/tones-home/api/tones-home-api';
import { usersRouteQueries } from '../features/users/api/users-api';
import { getSession } from '../lib/auth/session';
import { canWith, loadPermissions } from '../lib/permissions';
import { queryClient } from '../lib/query-client';
import { routePattern } from '../lib/route-keys';
import { prefetchQueries, type RouteQueries } from '../lib/route-prefetch';

/**
 * The first queries of the main list and dashboard screens, by path (as lib/route-keys.ts spells
 * it). Each feature exports the function its screen builds those queries with.
 */
export const ROUTE_QUERIES: Record<string, RouteQueries> = {
  '/tone-dashboard/home': tonesHomeRouteQueries,
  '/tone-dashboard/locations': locationsRouteQueries,
  '/{product}/companies': companiesRouteQueries,
  '/{product}/users': usersRouteQueries,
  '/{product}/roles': rolesRouteQueries,
  '/demo-admin/clients': clientsRouteQueries,
  '/demo-admin/campaign-media': campaignMediaRouteQueries,
  '/demo-admin/demo-media': demoMediaRouteQueries,
  '/demo-admin/manage-actions': manageActionsRouteQueries,
};

/**
 * A shell route's loader work (router.tsx): starts the screen's first queries at navigation, in
 * parallel with the download of the screen's code, instead of when the screen first renders.
 * This module and what it imports form their own chunk without UI code (`data` in
 * bundling/chunk-groups.ts), so on a cold load the requests go out before Mantine and the screens
 * have arrived.
 *
 * Nothing is asked that the shell would not show: without a session (the private loader sends
 * the browser to sign-in), or on a page the shell answers with Access Denied, no request goes out
 * (a refused call is an audit row on the server). The permissions come from the cache entry the
 * shell reads, so asking for them here only asks sooner.
 */
export async function prefetchRouteData(
  handle: Pick<ShellRouteHandle, 'module' | 'menu' | 'roleKey'>,
  url: URL,
  client: QueryClient = queryClient,
): Promise<void> {
  const queries = ROUTE_QUERIES[routePattern(url.pathname)];
  const roleId = getSession()?.user.roleId;
  if (!queries || typeof roleId !== 'number') return;
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
