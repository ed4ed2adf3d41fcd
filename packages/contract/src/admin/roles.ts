import { z } from 'zod';
import { optionalText, requiredText } from '../common/fields.js';

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  isSystem: z.boolean(),
  userCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

export const roleInputSchema = z.object({
  name: requiredText('Role name', 100),
  description: optionalText(500),
});
export type RoleInput = z.input<typeof roleInputSchema>;

export const ROLE_SORT_FIELDS = ['id', 'name', 'description', 'userCount', 'createdAt'] as const;

export const roleMutationResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: roleSchema.optional(),
});

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
  roleId: z.coerce.number().int().positive(),
  menuIds: z.array(z.number().int().positive()).max(500),
  roleKeys: z.array(z.string().max(100)).max(1000),
});
export type PermissionAddInput = z.infer<typeof permissionAddSchema>;

/** POST /module-permissions/add: the modules a role may enter (replaces them). */
export const modulePermissionAddSchema = z.object({
  roleId: z.coerce.number().int().positive(),
  moduleIds: z.array(z.number().int().positive()).max(100),
});
export type ModulePermissionAddInput = z.infer<typeof modulePermissionAddSchema>;

export const modulePermissionsQuerySchema = z.object({ roleId: z.coerce.number().int().positive().optional() });
