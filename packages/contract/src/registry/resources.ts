import type { ResourceKeys, ResourceReference } from '../common/resource.js';
import { campaignMediaResource } from '../modules/campaign-media.js';
import { changeHistoryResource } from '../modules/change-history.js';
import { clientsResource } from '../modules/clients.js';
import { companiesResource } from '../modules/companies.js';
import { demoMediaResource } from '../modules/demo-media.js';
import { locationsResource } from '../modules/locations.js';
import { manageActionsResource } from '../modules/manage-actions.js';
import { rolesResource } from '../modules/roles.js';
import { toneSequencesResource } from '../modules/tone-sequences.js';
import { userActivityResource } from '../modules/user-activity.js';
import { userRequestsResource } from '../modules/user-requests.js';
import { userSessionsResource } from '../modules/user-sessions.js';
import { usersResource } from '../modules/users.js';

/**
 * Every resource of the console, by name: the one index the API's route registration, the web's
 * routes, menus and pickers, and the module-name test read. Add a resource here and in each app's
 * registry (docs/resources.md).
 */
export const RESOURCES = {
  companies: companiesResource,
  users: usersResource,
  roles: rolesResource,
  clients: clientsResource,
  'demo-media': demoMediaResource,
  'campaign-media': campaignMediaResource,
  'manage-actions': manageActionsResource,
  locations: locationsResource,
  'tone-sequences': toneSequencesResource,
  'user-requests': userRequestsResource,
  'user-activity': userActivityResource,
  'user-sessions': userSessionsResource,
  'change-history': changeHistoryResource,
} as const;

export type ResourceName = keyof typeof RESOURCES;

/** `viewAll`: the key of lists scoped to the caller's own rows (activity, sessions) that opens everyone's. */
type Keys = ResourceKeys & { viewAll?: string };
type Declared = { name: string; keys: Keys; references?: Record<string, ResourceReference> };

/**
 * Who may read a resource's options (its list route): holders of its own view key (and of its
 * view-all key, where the list is scoped to the caller's rows), and of the keys each referencing
 * resource names in `readBy` (a dropdown or filter of that screen reads it).
 */
export function optionReaders(name: ResourceName): string[] {
  const own: Keys = RESOURCES[name].keys;
  const readers = new Set<string>([own.view, ...(own.viewAll ? [own.viewAll] : [])]);
  for (const other of Object.values(RESOURCES) as Declared[]) {
    for (const ref of Object.values(other.references ?? {})) {
      if (![ref.resource].flat().includes(name)) continue;
      for (const k of ref.readBy) {
        const key = other.keys[k];
        if (key) readers.add(key);
      }
    }
  }
  return [...readers];
}
