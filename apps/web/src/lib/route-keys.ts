import { PERMISSION_KEYS as K } from '@console/contract';
import { getAppConfig } from './app-config';

/** One key, or a list of which any one opens the page. */
export type RouteKey = string | readonly string[];

/**
 * The permission key each signed-in page needs: the key of the API call the page cannot show
 * anything without. The route table puts it on every route (the shell's guard) and links read
 * it for their target, so one declaration decides both. Here rather than in app/route-table.ts
 * because features may not import app. The {product} module's paths use a placeholder.
 * Pages without a key (redirects, /profile/about: GET /about/{me} needs only a session) are left out.
 */
const ROUTE_KEYS: Record<string, RouteKey> = {
  '/tone-home-dashboard': K.toneHome.view,
  '/tone-dashboard/home': K.toneHome.view,
  '/tone-dashboard/locations': K.locations.view,
  '/tone-dashboard/user-request': K.userRequests.view,
  '/tone-dashboard/user-request/device-details': K.userRequests.devices,
  '/{product}/dashboard': K.productDashboard.view,
  '/{product}/companies': K.companies.view,
  '/{product}/users': K.users.view,
  '/{product}/roles': K.roles.view,
  '/{product}/permissions': K.permissions.view,
  '/{product}/module-permissions': K.modulePermissions.view,
  '/demo-admin/client-dashboard': K.clientDashboard.view,
  '/demo-admin/clients': K.clients.view,
  '/demo-admin/campaign-media': K.campaignMedia.view,
  '/demo-admin/demo-media': K.demoMedia.view,
  '/demo-admin/manage-actions': K.manageActions.view,
  '/aes/generate': K.aes.use,
  '/profile/user-activity': [K.userActivity.view, K.userActivity.viewAll],
  '/profile/user-sessions': [K.userSessions.view, K.userSessions.viewAll],
};

/** A path (with or without query string) as these tables spell it: the {product} module's paths with the placeholder. */
export function routePattern(to: string, productSlug: string = getAppConfig().productSlug): string {
  const pathname = to.split(/[?#]/)[0]?.replace(/(.)\/+$/, '$1') ?? '';
  const product = `/${productSlug}/`;
  return pathname.startsWith(product) ? `/{product}/${pathname.slice(product.length)}` : pathname;
}

/** The key a path (with or without query string) needs, or undefined when it needs none. */
export function routeKey(to: string, productSlug: string = getAppConfig().productSlug): RouteKey | undefined {
  return ROUTE_KEYS[routePattern(to, productSlug)];
}
