import { PERMISSION_KEYS } from '../common/catalogue.js';
import type { ResourcePlace } from '../common/resource.js';
import { PRODUCT_MODULE } from '../common/resource-place.js';

/**
 * Where each resource lives, without its schemas: its name, API segment, SPA module and route,
 * labels, permission keys and mode. Each declaration (modules/<name>.ts, defineResource) starts
 * from its entry here and adds its schemas and list; RESOURCES (resources.ts) lists the whole
 * declarations. The SPA's route table and guards read this index, so the sign-in bundle does not
 * carry every resource's schemas.
 */
export const RESOURCE_INDEX = {
  'demo-media': {
    name: 'demo-media',
    entity: 'demo-media',
    label: { singular: 'Demo media', plural: 'Demo media' },
    module: 'demo-admin',
    keys: PERMISSION_KEYS.demoMedia,
  },
  'campaign-media': {
    name: 'campaign-media',
    entity: 'campaign-media',
    label: { singular: 'Campaign media', plural: 'Campaign media' },
    module: 'demo-admin',
    keys: PERMISSION_KEYS.campaignMedia,
  },
  'user-activity': {
    name: 'user-activity',
    entity: 'user-activity',
    label: { singular: 'Activity', plural: 'User activity' },
    module: 'profile',
    mode: 'read-only',
    keys: PERMISSION_KEYS.userActivity,
  },
  'change-history': {
    name: 'change-history',
    entity: 'change-history',
    label: { singular: 'Change', plural: 'Change history' },
    module: PRODUCT_MODULE,
    mode: 'read-only',
    keys: PERMISSION_KEYS.changeHistory,
  },
  clients: {
    name: 'clients',
    apiBase: 'client',
    entity: 'client',
    label: { singular: 'Client', plural: 'Clients' },
    module: 'demo-admin',
    keys: PERMISSION_KEYS.clients,
  },
  companies: {
    name: 'companies',
    entity: 'company',
    label: { singular: 'Company', plural: 'Companies' },
    module: PRODUCT_MODULE,
    keys: PERMISSION_KEYS.companies,
  },
  locations: {
    name: 'locations',
    entity: 'location',
    label: { singular: 'Location', plural: 'Locations' },
    module: 'tone-dashboard',
    keys: PERMISSION_KEYS.locations,
  },
  'manage-actions': {
    name: 'manage-actions',
    entity: 'manage-action',
    label: { singular: 'Action', plural: 'Actions' },
    module: 'demo-admin',
    keys: PERMISSION_KEYS.manageActions,
  },
  roles: {
    name: 'roles',
    entity: 'role',
    label: { singular: 'Role', plural: 'Roles' },
    module: PRODUCT_MODULE,
    keys: PERMISSION_KEYS.roles,
  },
  'tone-sequences': {
    name: 'tone-sequences',
    entity: 'tone-sequence',
    label: { singular: 'Tone sequence', plural: 'Tone sequences' },
    module: 'tone-dashboard',
    keys: PERMISSION_KEYS.toneSequences,
  },
  'user-requests': {
    name: 'user-requests',
    apiBase: 'user-request',
    route: 'user-request',
    entity: 'user-request',
    label: { singular: 'User request', plural: 'User requests' },
    module: 'tone-dashboard',
    keys: { view: PERMISSION_KEYS.userRequests.view, export: PERMISSION_KEYS.userRequests.export },
    mode: 'read-only',
  },
  'user-sessions': {
    name: 'user-sessions',
    entity: 'user-session',
    label: { singular: 'Session', plural: 'User sessions' },
    module: 'profile',
    mode: 'read-only',
    keys: PERMISSION_KEYS.userSessions,
  },
  users: {
    name: 'users',
    entity: 'user',
    label: { singular: 'User', plural: 'Users' },
    module: PRODUCT_MODULE,
    keys: PERMISSION_KEYS.users,
  },
} as const satisfies Record<string, ResourcePlace>;
