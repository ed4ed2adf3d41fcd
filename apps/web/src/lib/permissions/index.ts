export { Can } from './can';
export { canWith, type PermissionsState, rolePermissionsQuery, useCan, usePermissions } from './permissions';
