/** @public the resource kit's `<Can>` gating (issue 7) */
export { Can } from './can';
export { canWith, loadPermissions, rolePermissionsKey, rolePermissionsQuery, useCan, usePermissions } from './permissions';
