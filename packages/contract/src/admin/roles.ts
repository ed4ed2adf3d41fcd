import { z } from 'zod';
import { modulePermissionSchema, permissionDetailSchema } from '../access/schemas.js';
import { idField, idListField, optionalText, requiredText } from '../common/fields.js';
import { listResultSchema, pageField } from '../common/list.js';
import { PERMISSION_KEYS } from '../access/catalogue.js';
import { defineResource, PRODUCT_MODULE } from '../common/resource.js';

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
  roleId: idField(),
  menuIds: idListField(500),
  roleKeys: z.array(z.string().max(100)).max(1000),
});
export type PermissionAddInput = z.infer<typeof permissionAddSchema>;

/** POST /module-permissions/add: the modules a role may enter (replaces them). */
export const modulePermissionAddSchema = z.object({
  roleId: idField(),
  moduleIds: idListField(100),
});
export type ModulePermissionAddInput = z.infer<typeof modulePermissionAddSchema>;

export const modulePermissionsQuerySchema = z.object({ roleId: idField().optional() });

// ---- Additions for the roles / permissions API (additive; nothing above changed) ----

/**
 * A row of GET /roles. `manageable`: whether the caller may assign this role to a user and edit,
 * grant or delete it (its keys are all keys of the caller's own role; the super admin: every role).
 * A hint for the screens; the API checks every request.
 */
export const roleListItemSchema = roleSchema.extend({ manageable: z.boolean() });
export type RoleListItem = z.infer<typeof roleListItemSchema>;

export const rolesListResponseSchema = listResultSchema(roleListItemSchema);

/** PUT /roles/:id/grants: the whole matrix of one role, replaced in one transaction. */
export const roleGrantsInputSchema = z.object({
  moduleIds: idListField(100),
  menuIds: idListField(500),
  roleKeys: z.array(z.string().max(100)).max(1000),
});
export type RoleGrantsInput = z.infer<typeof roleGrantsInputSchema>;

export const roleGrantsResponseSchema = z.object({ data: roleGrantsSchema });

/** Answer of every grant change (PUT grants, POST /permissions/add, POST /module-permissions/add): the grants after it. */
export const grantsMutationResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: roleGrantsSchema,
});

/**
 * GET /permissions: every permission group with its sub-modules. Without `limit` the whole
 * catalogue comes back (the matrix needs it all); with it, the usual paging.
 */
export const PERMISSION_SORT_FIELDS = ['id', 'name', 'moduleId'] as const;
export const permissionsQuerySchema = z.object({
  page: pageField,
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  search: z.string().trim().max(200).optional().default(''),
  sortOrder: z
    .string()
    .optional()
    .transform((v) => (v?.toLowerCase() === 'desc' ? 'desc' : 'asc') as 'asc' | 'desc'),
  sortField: z
    .string()
    .max(100)
    .optional()
    .transform((v) => (v ? v.split(':')[0] : undefined)),
  moduleId: idField().optional(),
});
export const permissionsListResponseSchema = listResultSchema(permissionDetailSchema);
export const permissionResponseSchema = z.object({ data: permissionDetailSchema });
export const modulePermissionsResponseSchema = z.object({ data: z.array(modulePermissionSchema) });

/** Texts the roles and permissions API answers with. */
export const ROLE_MESSAGES = {
  created: 'Role created',
  updated: 'Role updated',
  deleted: 'Role deleted',
  nameTaken: 'A role with this name already exists',
  superAdminRename: 'The Super Admin role cannot be renamed',
  superAdminDelete: 'The Super Admin role cannot be deleted',
  superAdminGrants: 'The Super Admin role always holds every permission; its grants cannot be changed',
  inUse: (n: number) => `This role is assigned to ${n} ${n === 1 ? 'user' : 'users'}. Move them to another role first.`,
  grantsSaved: 'Permissions saved',
  ownRoleGrants: 'You cannot change the permissions of your own role',
  grantBeyondOwn: 'You can only grant what your own role holds',
  /** The one refusal of the anti-escalation rule (users, roles, grants, other users' sessions and activity). */
  beyondOwnRole: 'You can only manage users and roles whose permissions your own role also holds',
} as const;

/** The roles resource (spec s.7): GET /roles, add, update/{id}, delete/{id}, export/{format} (JSON bodies). */
export const rolesResource = defineResource({
  name: 'roles',
  entity: 'role',
  label: { singular: 'Role', plural: 'Roles' },
  module: PRODUCT_MODULE,
  schemas: { row: roleSchema, create: roleInputSchema },
  keys: PERMISSION_KEYS.roles,
  list: {
    sortFields: ['id', 'name', 'description', 'userCount', 'createdAt', 'updatedAt'],
    search: ['name', 'description'],
    filters: {},
    exportColumns: [
      { key: 'id', header: 'ID', width: 0.5 },
      { key: 'name', header: 'Name', width: 1.5 },
      { key: 'description', header: 'Description', width: 3 },
      { key: 'userCount', header: 'Users', width: 0.6 },
      { key: 'isSystem', header: 'System', width: 0.6, type: 'boolean' },
      { key: 'createdAt', header: 'Created', type: 'date' },
      { key: 'updatedAt', header: 'Updated', type: 'date' },
    ],
  },
});
