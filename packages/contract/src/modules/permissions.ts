import { z } from 'zod';
import { idField, idListField } from '../common/fields.js';
import { operationResponseSchema } from '../common/errors.js';
import { listQuerySchema, listResultSchema } from '../common/list.js';
import { permissionDetailSchema } from './access.js';

/** A role's grants as one matrix: modules -> menus -> permission keys. */
export const roleGrantsSchema = z.object({
  roleId: z.number().int(),
  moduleIds: z.array(z.number().int()),
  menuIds: z.array(z.number().int()),
  roleKeys: z.array(z.string()),
});
export type RoleGrants = z.infer<typeof roleGrantsSchema>;

/** POST /permissions/add: a role's menu permissions and permission keys (replaces them). */
export const permissionAddSchema = z.object({
  roleId: idField(),
  menuIds: idListField(500),
  roleKeys: z.array(z.string().max(100)).max(1000),
});
export type PermissionAddInput = z.infer<typeof permissionAddSchema>;

/** PUT /roles/:id/grants: the whole matrix of one role, replaced in one transaction. */
export const roleGrantsInputSchema = z.object({
  moduleIds: idListField(100),
  menuIds: idListField(500),
  roleKeys: z.array(z.string().max(100)).max(1000),
});
export type RoleGrantsInput = z.infer<typeof roleGrantsInputSchema>;

export const roleGrantsResponseSchema = z.object({ data: roleGrantsSchema });

/** Answer of every grant change (PUT grants, POST /permissions/add, POST /module-permissions/add): the grants after it. */
export const grantsMutationResponseSchema = operationResponseSchema.extend({ data: roleGrantsSchema });

/**
 * GET /permissions: every permission group with its sub-modules. Without `limit` the whole
 * catalogue comes back (the matrix needs it all); with it, the usual paging.
 */
export const PERMISSION_SORT_FIELDS = ['id', 'name', 'moduleId'] as const;
export const permissionsQuerySchema = listQuerySchema.extend({
  // No default: an absent limit is what asks for the whole catalogue.
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  moduleId: idField().optional(),
});
export const permissionsListResponseSchema = listResultSchema(permissionDetailSchema);
export const permissionResponseSchema = z.object({ data: permissionDetailSchema });
