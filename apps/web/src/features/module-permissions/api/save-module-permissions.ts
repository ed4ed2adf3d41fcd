import { ADMIN_API_PATHS, grantsMutationResponseSchema, type ModulePermissionAddInput } from '@console/contract';
import { api } from '../../../lib/api-client';

/**
 * POST /module-permissions/add: replaces one role's modules. The API removes the menus and keys
 * of modules taken away, and answers the role's grants after the change.
 */
export async function saveModulePermissions(input: ModulePermissionAddInput) {
  return grantsMutationResponseSchema.parse(await api.post(ADMIN_API_PATHS.modulePermissions.add, input));
}
