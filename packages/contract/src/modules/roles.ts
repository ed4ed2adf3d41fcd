import { RESOURCE_INDEX } from '../registry/resource-index.js';
import { z } from 'zod';
import { formBoolean, optionalText, requiredText } from '../common/fields.js';
import { listResultSchema } from '../common/list.js';
import { mutationResponseSchema, rowTimestamps } from '../common/rows.js';
import { defineResource, EXPORT_COLUMNS } from '../common/resource.js';

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  isSystem: z.boolean(),
  /** Every user of the role passes a second step at sign-in (the e-mailed code when they enrolled nothing else). */
  secondFactorRequired: z.boolean(),
  userCount: z.number().int(),
  ...rowTimestamps,
});
export type Role = z.infer<typeof roleSchema>;

export const roleInputSchema = z.object({
  name: requiredText('Role name', 100),
  description: optionalText(500),
  // Left out: an edit keeps the current policy.
  secondFactorRequired: formBoolean.optional(),
});
export type RoleInput = z.input<typeof roleInputSchema>;

export const ROLE_SORT_FIELDS = ['id', 'name', 'description', 'userCount', 'createdAt'] as const;

export const roleMutationResponseSchema = mutationResponseSchema(roleSchema);

// ---- Additions for the roles / permissions API (additive; nothing above changed) ----

/**
 * A row of GET /roles. `manageable`: whether the caller may assign this role to a user and edit,
 * grant or delete it (its keys are all keys of the caller's own role; the super admin: every role).
 * A hint for the screens; the API checks every request.
 */
export const roleListItemSchema = roleSchema.extend({ manageable: z.boolean() });
export type RoleListItem = z.infer<typeof roleListItemSchema>;

export const rolesListResponseSchema = listResultSchema(roleListItemSchema);

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
  ...RESOURCE_INDEX.roles,
  schemas: { row: roleSchema, create: roleInputSchema },
  options: { label: 'name', limit: 1000 },
  list: {
    sortFields: ['id', 'name', 'description', 'userCount', 'createdAt', 'updatedAt'],
    search: ['name', 'description'],
    filters: {},
    exportColumns: [
      EXPORT_COLUMNS.id,
      { key: 'name', header: 'Name', width: 1.5 },
      { key: 'description', header: 'Description', width: 3 },
      { key: 'userCount', header: 'Users', width: 0.6 },
      { key: 'isSystem', header: 'System', width: 0.6, type: 'boolean' },
      { key: 'secondFactorRequired', header: 'Second factor required', width: 0.9, type: 'boolean' },
      EXPORT_COLUMNS.createdAt,
      { key: 'updatedAt', header: 'Updated', type: 'date' },
    ],
  },
});
