import { RESOURCE_INDEX } from '@console/contract';
import type { ComponentType } from 'react';
import type { ShellRouteHandle } from '../components/shell';
import { resourcePath, SCREEN_RESOURCES } from '../lib/resource-routes';
import { routeKey } from '../lib/route-keys';
import { DEVICE_DETAILS_PATH } from '../lib/user-requests';
import { RESOURCE_DESCRIPTIONS, RESOURCE_PAGES, RESOURCE_TITLES } from './resource-screens';

/**
 * Every signed-in route inside the shell (spec s.2), as one data structure: the shell reads
 * `module`, `menu`, `title` and `description` from the route handle.
 */
export type ShellRouteDef = ShellRouteHandle & {
  path: string;
  screen: () => Promise<{ default: ComponentType }>;
};

type Screen = ShellRouteDef['screen'];
/** path, menu slug, title, description, and the feature screen (lazy). */
type Entry = [path: string, menu: string | undefined, title: string, description: string, screen: Screen];
/** The module whose menus the sidebar shows on these routes, and the routes. */
type Group = [module: string, entries: Entry[]];

const titleCase = (text: string) => text.replace(/(^|\s)\S/g, (c) => c.toUpperCase());

/**
 * The list screen of each resource, from its declaration (RESOURCE_INDEX) and the web registry
 * (resource-screens.ts): the path's first segment is the module, its last the menu slug, the
 * plural label the title.
 */
const resourceGroups = (productSlug: string): Group[] =>
  SCREEN_RESOURCES.map((name) => {
    const path = resourcePath(name, productSlug);
    const [, module = '', menu] = path.split('/');
    const title = RESOURCE_TITLES[name] ?? titleCase(RESOURCE_INDEX[name].label.plural);
    return [module, [[path, menu, title, RESOURCE_DESCRIPTIONS[name], RESOURCE_PAGES[name]]]];
  });

/** The screens that are not resources: dashboards, the tones index redirects, device details, AES, profile. */
const screenGroups = (p: string, productSlug: string): Group[] => [
  [
    'tone-dashboard',
    [
      [
        '/tone-home-dashboard',
        'home',
        'Home Dashboard',
        'Locations, tone sequences and user requests across the tones portal.',
        () => import('../features/tone-home/tone-home-dashboard-page'),
      ],
      [
        '/tone-dashboard',
        undefined,
        'Tones Dashboard',
        'Locations, user requests and tone sequences at a glance.',
        () => import('../features/tone-home/tone-home-index-page'),
      ],
      [
        '/tone-dashboard/home',
        'home',
        'Home',
        'Analytics and recent activity of the tones portal: requests over time and the latest user requests.',
        () => import('../features/tone-home/tone-home-page'),
      ],
      [
        '/tone-portal',
        undefined,
        'Tones Portal',
        'Tones, tone sequences and user requests per location.',
        () => import('../features/tone-home/tone-home-index-page'),
      ],
      [
        DEVICE_DETAILS_PATH,
        'user-request',
        'Device Details',
        'Every request made by one device, found by its device code.',
        () => import('../features/user-requests/device-details-page'),
      ],
    ],
  ],
  [
    productSlug,
    [
      [
        `${p}/dashboard`,
        'dashboard',
        'Dashboard',
        'Companies, users, roles, active sessions and sign-ins per day.',
        () => import('../features/product-dashboard/product-dashboard-page'),
      ],
      [
        `${p}/permissions`,
        'permissions',
        'Permissions',
        'Permission groups and the keys each role holds within them.',
        () => import('../features/permissions/permissions-page'),
      ],
      [
        `${p}/module-permissions`,
        'module-permissions',
        'Module Permissions',
        'The modules each role may open.',
        () => import('../features/module-permissions/module-permissions-page'),
      ],
    ],
  ],
  [
    'demo-admin',
    [
      [
        '/demo-admin/client-dashboard',
        'client-dashboard',
        'Dashboard',
        'Clients by type and status, media and action counts, and bulk upload outcomes.',
        () => import('../features/client-dashboard/client-dashboard-page'),
      ],
    ],
  ],
  [
    'aes',
    [
      [
        '/aes',
        undefined,
        'AES',
        'Generate AES keys and initialisation vectors in the browser.',
        () => import('../features/aes/aes-index-page'),
      ],
      [
        '/aes/generate',
        'generate',
        'Generate',
        'Generate AES-128, 192 or 256 keys and initialisation vectors in the browser, shown as hex and base64.',
        () => import('../features/aes/aes-generate-page'),
      ],
    ],
  ],
  [
    'profile',
    [
      ['/profile', undefined, 'Profile', 'Your profile, activity and sessions.', () => import('../features/profile/profile-index-page')],
      [
        '/profile/about',
        'about',
        'About',
        'Your profile details, picture and colours.',
        () => import('../features/profile/about/about-page'),
      ],
    ],
  ],
];

export function buildShellRoutes(productSlug: string): ShellRouteDef[] {
  const groups = [...resourceGroups(productSlug), ...screenGroups(`/${productSlug}`, productSlug)];
  // The key comes from lib/route-keys.ts, which links read as well.
  return groups.flatMap(([module, entries]) =>
    entries.map(([path, menu, title, description, screen]) => ({
      path,
      module,
      menu,
      title,
      description,
      roleKey: routeKey(path, productSlug),
      screen,
    })),
  );
}
