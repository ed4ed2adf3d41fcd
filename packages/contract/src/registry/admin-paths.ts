import { companiesResource } from '../modules/companies.js';
import { rolesResource } from '../modules/roles.js';
import { usersResource } from '../modules/users.js';

/** API paths of the administration and profile modules (spec s.7), relative to /api. */
export const ADMIN_API_PATHS = {
  productDashboard: '/product-dashboard',
  // The CRUD paths come from each resource's declaration (defineResource); extras are listed beside them.
  companies: companiesResource.api,
  users: {
    ...usersResource.api,
    regenerateKey: (id: number) => usersResource.api.member('regenerate-api-key', id),
  },
  roles: {
    ...rolesResource.api,
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
