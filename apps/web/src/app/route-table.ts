import type { ComponentType } from 'react';
import type { ShellRouteHandle } from '../components/shell';
import { routeKey } from '../lib/route-keys';

/**
 * Every signed-in route inside the shell (spec s.2), as one data structure. Later issues
 * replace a route's `screen` with their feature screen; the shell reads `module`, `menu`,
 * `title` and `description` from the route handle.
 */
export type ShellRouteDef = ShellRouteHandle & {
  path: string;
  screen: () => Promise<{ default: ComponentType }>;
};

// Until a feature lands, its route shows the screen's title and purpose.
const intro = () => import('../features/shell-placeholders/screen-intro');

type Screen = ShellRouteDef['screen'];
/** path, menu slug, title, description, and the feature screen (lazy) once it exists. */
type Entry = [path: string, menu: string | undefined, title: string, description: string, screen?: Screen];

export function buildShellRoutes(productSlug: string): ShellRouteDef[] {
  const p = `/${productSlug}`;
  // The key comes from lib/route-keys.ts, which links to the route read as well.
  const routes = (module: string, entries: Entry[]): ShellRouteDef[] =>
    entries.map(([path, menu, title, description, screen]) => ({
      path,
      module,
      menu,
      title,
      description,
      roleKey: routeKey(path, productSlug),
      screen: screen ?? intro,
    }));
  return [
    ...routes('tone-dashboard', [
      [
        '/tone-home-dashboard',
        'home',
        'Home Dashboard',
        'Locations, tone sequences and user requests across the tones portal.',
        () => import('../features/tones-dashboard/tones-dashboard-page'),
      ],
      [
        '/tone-dashboard',
        undefined,
        'Tones Dashboard',
        'Locations, user requests and tone sequences at a glance.',
        () => import('../features/tones-home/tones-index-page'),
      ],
      [
        '/tone-dashboard/home',
        'home',
        'Home',
        'Analytics and recent activity of the tones portal: requests over time and the latest user requests.',
        () => import('../features/tones-home/tones-home-page'),
      ],
      [
        '/tone-portal',
        undefined,
        'Tones Portal',
        'Tones, tone sequences and user requests per location.',
        () => import('../features/tones-home/tones-index-page'),
      ],
      [
        '/tone-dashboard/locations',
        'locations',
        'Locations',
        'The places where tones are played, with their address, client and tone sequences.',
        () => import('../features/locations/locations-page'),
      ],
      [
        '/tone-dashboard/user-request',
        'user-request',
        'User Requests',
        'Requests that devices reported per location and tone sequence, with time, platform and app version.',
        () => import('../features/user-requests/user-requests-page'),
      ],
      [
        '/tone-dashboard/user-request/device-details',
        'user-request',
        'Device Details',
        'Every request made by one device, found by its device code.',
        () => import('../features/user-requests/device-details-page'),
      ],
    ]),
    ...routes(productSlug, [
      [
        `${p}/dashboard`,
        'dashboard',
        'Dashboard',
        'Companies, users, roles, active sessions and sign-ins per day.',
        () => import('../features/product-dashboard/product-dashboard-page'),
      ],
      [
        `${p}/companies`,
        'companies',
        'Companies',
        'The companies that own clients and staff accounts: add, edit and delete them.',
        () => import('../features/companies/companies-page'),
      ],
      [
        `${p}/users`,
        'users',
        'Users',
        'Staff accounts: add, edit and delete users, and regenerate their API keys.',
        () => import('../features/users/users-page'),
      ],
      [
        `${p}/roles`,
        'roles',
        'Roles',
        'Roles group the modules, menus and permission keys a user receives.',
        () => import('../features/roles/roles-page'),
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
    ]),
    ...routes('demo-admin', [
      [
        '/demo-admin/client-dashboard',
        'client-dashboard',
        'Dashboard',
        'Clients by type and status, media and action counts, and bulk upload outcomes.',
        () => import('../features/client-dashboard/client-dashboard-page'),
      ],
      [
        '/demo-admin/clients',
        'clients',
        'Clients',
        'Demo and live clients, their status and offline mode.',
        () => import('../features/clients/clients-page'),
      ],
      [
        '/demo-admin/campaign-media',
        'campaign-media',
        'Campaign Media',
        'Media shown in client campaigns, added one by one or by bulk upload.',
        () => import('../features/media/campaign-media-page'),
      ],
      [
        '/demo-admin/demo-media',
        'demo-media',
        'Demo Media',
        'Demo media per client, with bulk upload and CSV export.',
        () => import('../features/media/demo-media-page'),
      ],
      [
        '/demo-admin/manage-actions',
        'manage-actions',
        'Manage Actions',
        'What a tone makes a device do (open a link, show media, call), added one by one or by bulk upload.',
        () => import('../features/manage-actions/manage-actions-page'),
      ],
    ]),
    ...routes('aes', [
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
    ]),
    ...routes('profile', [
      ['/profile', undefined, 'Profile', 'Your profile, activity and sessions.'],
      [
        '/profile/about',
        'about',
        'About',
        'Your profile details, picture and colours.',
        () => import('../features/profile/about/about-page'),
      ],
      [
        '/profile/user-activity',
        'user-activity',
        'User Activity',
        'The pages and actions recorded for your account.',
        () => import('../features/profile/user-activity/user-activity-page'),
      ],
      [
        '/profile/user-sessions',
        'user-sessions',
        'User Sessions',
        'Your sign-in sessions and their duration; end the ones you no longer use.',
        () => import('../features/profile/user-sessions/user-sessions-page'),
      ],
    ]),
  ];
}
