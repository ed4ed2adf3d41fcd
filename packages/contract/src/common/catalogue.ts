/**
 * The seeded modules, menus and permission keys (DESIGN.md s.4). The {product} module's slug
 * and name come from configuration, so the catalogue is built by a function.
 * Ids are stable: migrations seed them and tests refer to them.
 */

export type CatalogueMenu = { id: number; name: string; slug: string; logo: string };
export type CatalogueModule = {
  id: number;
  name: string;
  slug: string;
  logo: string;
  description: string;
  menus: CatalogueMenu[];
};
export type CatalogueSubModule = { name: string; roleKey: string };
export type CataloguePermission = { id: number; name: string; moduleId: number; subModules: CatalogueSubModule[] };

const menu = (id: number, name: string, slug: string): CatalogueMenu => ({ id, name, slug, logo: `${slug}.svg` });

export const MODULE_IDS = { toneDashboard: 1, demoAdmin: 2, aes: 3, profile: 4, product: 5 } as const;

export function buildModuleCatalogue(product: { slug: string; name: string }): CatalogueModule[] {
  return [
    {
      id: MODULE_IDS.toneDashboard,
      name: 'Tones Portal',
      slug: 'tone-dashboard',
      logo: 'modules/tone-dashboard.svg',
      description: 'Tones, tone sequences and user requests per location.',
      menus: [menu(1, 'Home', 'home'), menu(2, 'Locations', 'locations'), menu(3, 'User Requests', 'user-request')],
    },
    {
      id: MODULE_IDS.demoAdmin,
      name: 'Demo Admin',
      slug: 'demo-admin',
      logo: 'modules/demo-admin.svg',
      description: 'Clients, campaign media, demo media and manage-actions.',
      menus: [
        menu(4, 'Dashboard', 'client-dashboard'),
        menu(5, 'Clients', 'clients'),
        menu(6, 'Campaign Media', 'campaign-media'),
        menu(7, 'Demo Media', 'demo-media'),
        menu(8, 'Manage Actions', 'manage-actions'),
      ],
    },
    {
      id: MODULE_IDS.aes,
      name: 'AES',
      slug: 'aes',
      logo: 'modules/aes.svg',
      description: 'Generate AES keys and initialisation vectors.',
      menus: [menu(9, 'Generate', 'generate')],
    },
    {
      id: MODULE_IDS.profile,
      name: 'Profile',
      slug: 'profile',
      logo: 'modules/profile.svg',
      description: 'Your profile, activity and sessions.',
      menus: [menu(10, 'About', 'about'), menu(11, 'User Activity', 'user-activity'), menu(12, 'User Sessions', 'user-sessions')],
    },
    {
      id: MODULE_IDS.product,
      name: product.name,
      slug: product.slug,
      logo: 'modules/platform.svg',
      description: 'Companies, users, roles and permissions.',
      menus: [
        menu(13, 'Dashboard', 'dashboard'),
        menu(14, 'Companies', 'companies'),
        menu(15, 'Users', 'users'),
        menu(16, 'Roles', 'roles'),
        menu(17, 'Permissions', 'permissions'),
        menu(18, 'Module Permissions', 'module-permissions'),
        menu(19, 'Change History', 'change-history'),
      ],
    },
  ];
}

/** Permission keys (roleKey of sub-modules). One group per screen. */
export const PERMISSION_KEYS = {
  toneHome: { view: 'tone-home.view' },
  locations: {
    view: 'locations.view',
    create: 'locations.create',
    update: 'locations.update',
    delete: 'locations.delete',
    export: 'locations.export',
    revert: 'locations.revert',
  },
  toneSequences: {
    view: 'tone-sequences.view',
    create: 'tone-sequences.create',
    update: 'tone-sequences.update',
    delete: 'tone-sequences.delete',
    export: 'tone-sequences.export',
    revert: 'tone-sequences.revert',
  },
  userRequests: {
    view: 'user-requests.view',
    export: 'user-requests.export',
    devices: 'user-requests.devices',
    // Held by the user whose API key devices use for POST /device/user-requests.
    ingest: 'user-requests.ingest',
  },
  clientDashboard: { view: 'client-dashboard.view' },
  clients: {
    view: 'clients.view',
    create: 'clients.create',
    update: 'clients.update',
    delete: 'clients.delete',
    export: 'clients.export',
    revert: 'clients.revert',
  },
  campaignMedia: {
    view: 'campaign-media.view',
    create: 'campaign-media.create',
    update: 'campaign-media.update',
    delete: 'campaign-media.delete',
    bulkUpload: 'campaign-media.bulk-upload',
    export: 'campaign-media.export',
    revert: 'campaign-media.revert',
  },
  demoMedia: {
    view: 'demo-media.view',
    create: 'demo-media.create',
    update: 'demo-media.update',
    delete: 'demo-media.delete',
    bulkUpload: 'demo-media.bulk-upload',
    export: 'demo-media.export',
    revert: 'demo-media.revert',
  },
  manageActions: {
    view: 'manage-actions.view',
    create: 'manage-actions.create',
    update: 'manage-actions.update',
    delete: 'manage-actions.delete',
    bulkUpload: 'manage-actions.bulk-upload',
    export: 'manage-actions.export',
    revert: 'manage-actions.revert',
  },
  aes: { use: 'aes.use' },
  profile: { view: 'profile.view', update: 'profile.update' },
  userActivity: { view: 'user-activity.view', viewAll: 'user-activity.view-all', export: 'user-activity.export' },
  userSessions: {
    view: 'user-sessions.view',
    viewAll: 'user-sessions.view-all',
    revoke: 'user-sessions.revoke',
    revokeAny: 'user-sessions.revoke-any',
    export: 'user-sessions.export',
  },
  productDashboard: { view: 'platform-dashboard.view' },
  companies: {
    view: 'companies.view',
    create: 'companies.create',
    update: 'companies.update',
    delete: 'companies.delete',
    export: 'companies.export',
    revert: 'companies.revert',
  },
  users: {
    view: 'users.view',
    create: 'users.create',
    update: 'users.update',
    delete: 'users.delete',
    regenerateKey: 'users.regenerate-key',
    resetFactors: 'users.reset-factors',
    export: 'users.export',
    revert: 'users.revert',
  },
  roles: {
    view: 'roles.view',
    create: 'roles.create',
    update: 'roles.update',
    delete: 'roles.delete',
    export: 'roles.export',
    revert: 'roles.revert',
  },
  permissions: { view: 'permissions.view', manage: 'permissions.manage' },
  modulePermissions: { view: 'module-permissions.view', manage: 'module-permissions.manage' },
  // Every resource's changes in one list (each resource's own history needs only its view key).
  changeHistory: { view: 'change-history.view', export: 'change-history.export' },
} as const;

/** Every permission key of the catalogue, as a union: a misspelt key fails typecheck. */
export type PermissionKey = {
  [G in keyof typeof PERMISSION_KEYS]: (typeof PERMISSION_KEYS)[G][keyof (typeof PERMISSION_KEYS)[G]];
}[keyof typeof PERMISSION_KEYS];

type KeyGroup = Record<string, string>;
const label = (key: string) => {
  const action = key.split('.')[1] ?? key;
  return action.replace(/-/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
};
const group = (id: number, name: string, moduleId: number, keys: KeyGroup): CataloguePermission => ({
  id,
  name,
  moduleId,
  subModules: Object.values(keys).map((roleKey) => ({ name: label(roleKey), roleKey })),
});

const K = PERMISSION_KEYS;
const M = MODULE_IDS;
export const PERMISSION_CATALOGUE: CataloguePermission[] = [
  group(1, 'Tones Home', M.toneDashboard, K.toneHome),
  group(2, 'Locations', M.toneDashboard, K.locations),
  group(3, 'Tone Sequences', M.toneDashboard, K.toneSequences),
  group(4, 'User Requests', M.toneDashboard, K.userRequests),
  group(5, 'Client Dashboard', M.demoAdmin, K.clientDashboard),
  group(6, 'Clients', M.demoAdmin, K.clients),
  group(7, 'Campaign Media', M.demoAdmin, K.campaignMedia),
  group(8, 'Demo Media', M.demoAdmin, K.demoMedia),
  group(9, 'Manage Actions', M.demoAdmin, K.manageActions),
  group(10, 'AES', M.aes, K.aes),
  group(11, 'Profile', M.profile, K.profile),
  group(12, 'User Activity', M.profile, K.userActivity),
  group(13, 'User Sessions', M.profile, K.userSessions),
  group(14, 'Dashboard', M.product, K.productDashboard),
  group(15, 'Companies', M.product, K.companies),
  group(16, 'Users', M.product, K.users),
  group(17, 'Roles', M.product, K.roles),
  group(18, 'Permissions', M.product, K.permissions),
  group(19, 'Module Permissions', M.product, K.modulePermissions),
  group(20, 'Change History', M.product, K.changeHistory),
];

export const ALL_ROLE_KEYS: string[] = PERMISSION_CATALOGUE.flatMap((p) => p.subModules.map((s) => s.roleKey));

/**
 * Home-card navigation for a super admin whose module has no menus (spec s.4).
 * Returns the path relative to the site root.
 */
export function superAdminFallbackPath(moduleSlug: string, productSlug: string): string {
  if (moduleSlug === 'tone-dashboard' || moduleSlug === 'tone-portal') return '/tone-dashboard/home';
  if (moduleSlug === 'aes') return '/aes/generate';
  if (moduleSlug === 'demo-admin') return '/demo-admin/client-dashboard';
  if (moduleSlug === productSlug) return `/${productSlug}/dashboard`;
  if (moduleSlug === 'profile') return '/profile/about';
  return `/${moduleSlug}`;
}
