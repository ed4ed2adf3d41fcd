// Shared building blocks (no module's schemas).
export * from './common/constants.js';
export * from './common/messages.js';
export * from './common/errors.js';
export * from './common/list.js';
export * from './common/paths.js';
export * from './common/catalogue.js';
export * from './common/fields.js';
export * from './common/rows.js';
export * from './common/countries.js';
export * from './common/resource.js';
// One file per module, named as its API folder, web feature and key group (docs/module-names.md).
export * from './modules/access.js';
export * from './modules/auth.js';
export * from './modules/user-activity.js';
export * from './modules/user-sessions.js';
export * from './modules/profile.js';
export * from './modules/companies.js';
export * from './modules/users.js';
export * from './modules/roles.js';
export * from './modules/permissions.js';
export * from './modules/module-permissions.js';
export * from './modules/product-dashboard.js';
export * from './modules/locations.js';
export * from './modules/tone-sequences.js';
export * from './modules/user-requests.js';
export * from './modules/tone-home.js';
export * from './modules/clients.js';
export * from './modules/bulk-uploads.js';
export * from './modules/manage-actions.js';
export * from './modules/media.js';
export * from './modules/demo-media.js';
export * from './modules/campaign-media.js';
export * from './modules/client-dashboard.js';
// Indexes over the modules.
export * from './registry/admin-paths.js';
export * from './registry/resources.js';
export * from './registry/resource-index.js';
