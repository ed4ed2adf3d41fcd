/** API paths of the administration and profile modules (spec s.7), relative to /api. */
export const ADMIN_API_PATHS = {
  productDashboard: '/product-dashboard',
  companies: {
    list: '/companies',
    add: '/companies/add',
    update: (id: number) => `/companies/update/${id}`,
    remove: (id: number) => `/companies/delete/${id}`,
    export: (format: string) => `/companies/export/${format}`,
  },
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
