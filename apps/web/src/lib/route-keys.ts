import { PERMISSION_KEYS as K, RESOURCE_INDEX } from '@console/contract';
import { getAppConfig } from './app-config';
import { resourcePath, SCREEN_RESOURCES } from './resource-routes';
import { DEVICE_DETAILS_PATH } from './user-requests';

/** One key, or a list of which any one opens the page. */
export type RouteKey = string | readonly string[];

const screenKey = (keys: { view: string; viewAll?: string }): RouteKey => (keys.viewAll ? [keys.view, keys.viewAll] : keys.view);

/**
 * The permission key each signed-in page needs: the key of the API call the page cannot show
 * anything without. The route table puts it on every route (the shell's guard) and links read
 * it for their target, so one declaration decides both. Here rather than in app/route-table.ts
 * because features may not import app. The {product} module's paths use a placeholder.
 * Pages without a key (redirects, /profile/about: GET /about/{me} needs only a session) are left out.
 */
const ROUTE_KEYS: Record<string, RouteKey> = {
  // A resource's list screen needs its view key; a list of own rows (activity, sessions) opens with either its view or its view-all key.
  ...Object.fromEntries(SCREEN_RESOURCES.map((name) => [resourcePath(name, '{product}'), screenKey(RESOURCE_INDEX[name].keys)])),
  '/tone-home-dashboard': K.toneHome.view,
  '/tone-dashboard/home': K.toneHome.view,
  [DEVICE_DETAILS_PATH]: K.userRequests.devices,
  '/{product}/dashboard': K.productDashboard.view,
  '/{product}/permissions': K.permissions.view,
  '/{product}/module-permissions': K.modulePermissions.view,
  '/demo-admin/client-dashboard': K.clientDashboard.view,
  '/aes/generate': K.aes.use,
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
