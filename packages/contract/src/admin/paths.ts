import { companiesResource } from './companies.js';

/** API paths of the administration and profile modules (spec s.7), relative to /api. */
export const ADMIN_API_PATHS = {
  productDashboard: '/product-dashboard',
  // Declared with the resource (admin/companies.ts); kept here so every admin path has one home.
  companies: companiesResource.api,
  users: {
    list: '/users',
    add: '/users/add',
    update: (id: number) => `/users/update/${id}`,
    remove: (id: number) => `/users/delete/${id}`,
    regenerateKey: (id: number) => `/users/${id}/regenerate-api-key`,
    export: (format: string) => `/users/export/${format}`,
  },
  roles: {
    list: '/roles',
    add: '/roles/add',
    update: (id: number) => `/roles/update/${id}`,
    remove: (id: number) => `/roles/delete/${id}`,
    export: (format: string) => `/roles/export/${format}`,
    grants: (id: number) => `/roles/${id}/grants`,
  },
  permissions: {
    list: '/permissions',
    add: '/permissions/add',
    byId: (id: number) => `/permissions/${id}`,
  },
  modulePermissions: { list: '/module-permissions', add: '/module-permissions/add' },
  about: { get: (id: number) => `/about/${id}`, update: (id: number) => `/about/update/${id}` },
  userActivityExport: (format: string) => `/user-activity/export/${format}`,
  userSessionsExport: (format: string) => `/user-sessions/export/${format}`,
  /** Stored files (logos, avatars) are served through an authenticated route. */
  file: (key: string) => `/files/${key.split('/').map(encodeURIComponent).join('/')}`,
} as const;
