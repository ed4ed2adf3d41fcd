import type { ComponentType } from 'react';
import type { ScreenResource } from '../lib/resource-routes';

type Page = () => Promise<{ default: ComponentType }>;

/**
 * The web's side of the resource registry (RESOURCES in @console/contract): the page of each
 * resource with a screen of its own. Its path, menu, title and permission key come from the
 * declaration (app/route-table.ts); adding a resource to RESOURCES without a page here fails the typecheck.
 */
export const RESOURCE_PAGES: Record<ScreenResource, Page> = {
  companies: () => import('../features/companies/companies-page'),
  users: () => import('../features/users/users-page'),
  roles: () => import('../features/roles/roles-page'),
  clients: () => import('../features/clients/clients-page'),
  'demo-media': () => import('../features/demo-media/demo-media-page'),
  'campaign-media': () => import('../features/campaign-media/campaign-media-page'),
  'manage-actions': () => import('../features/manage-actions/manage-actions-page'),
  locations: () => import('../features/locations/locations-page'),
  'user-requests': () => import('../features/user-requests/user-requests-page'),
  'user-activity': () => import('../features/profile/user-activity/user-activity-page'),
  'user-sessions': () => import('../features/profile/user-sessions/user-sessions-page'),
  'change-history': () => import('../features/change-history/change-history-page'),
};

/** What each screen is for (its route handle's description). */
export const RESOURCE_DESCRIPTIONS: Record<ScreenResource, string> = {
  companies: 'The companies that own clients and staff accounts: add, edit and delete them.',
  users: 'Staff accounts: add, edit and delete users, and regenerate their API keys.',
  roles: 'Roles group the modules, menus and permission keys a user receives.',
  clients: 'Demo and live clients, their status and offline mode.',
  'demo-media': 'Demo media per client, with bulk upload and CSV export.',
  'campaign-media': 'Media shown in client campaigns, added one by one or by bulk upload.',
  'manage-actions': 'What a tone makes a device do (open a link, show media, call), added one by one or by bulk upload.',
  locations: 'The places where tones are played, with their address, client and tone sequences.',
  'user-requests': 'Requests that devices reported per location and tone sequence, with time, platform and app version.',
  'user-activity': 'The pages and actions recorded for your account.',
  'user-sessions': 'Your sign-in sessions and their duration; end the ones you no longer use.',
  'change-history': 'Every change made on the list screens, who made it and what it changed; revert a change from its details.',
};

/** The menu and page title where the spec's differs from the declaration's plural label (which says 'Add action'). */
export const RESOURCE_TITLES: Partial<Record<ScreenResource, string>> = { 'manage-actions': 'Manage Actions' };
