import { RESOURCE_INDEX } from '../registry/resource-index.js';
import { z } from 'zod';
import {
  emailField,
  formBoolean,
  hexColorField,
  idField,
  optionalPhone,
  passwordField,
  requiredText,
  statusField,
  STATUSES,
} from '../common/fields.js';
import { mutationResponseSchema, rowTimestamps, uploadedFileFields } from '../common/rows.js';
import { DEFAULT_COLORS } from '../common/constants.js';
import { defineResource, EXPORT_COLUMNS } from '../common/resource.js';

export const userSchema = z.object({
  id: z.number().int(),
  roleId: z.number().int(),
  roleName: z.string(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  ...uploadedFileFields('profile'),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  status: z.enum(STATUSES),
  twoFactorEnabled: z.boolean(),
  hasApiKey: z.boolean(),
  lastLoginAt: z.string().nullable(),
  ...rowTimestamps,
});
export type User = z.infer<typeof userSchema>;

/**
 * A row of GET /users. `manageable`: whether the caller may edit, disable, delete or re-key this
 * user (the keys of the user's role are all keys of the caller's own role; the super admin: every
 * user). A hint for the screen; the API checks every request.
 */
export const userListItemSchema = userSchema.extend({ manageable: z.boolean() });
export type UserListItem = z.infer<typeof userListItemSchema>;

const optionalId = z.preprocess((v) => (v === '' || v === 'null' || v === null || v === undefined ? null : v), idField().nullable());

const userBase = {
  firstname: requiredText('First name', 100),
  lastname: requiredText('Last name', 100),
  email: emailField,
  roleId: idField('Role is required'),
  companyId: optionalId.optional(),
  phone: optionalPhone,
  primaryColor: hexColorField.default(DEFAULT_COLORS.primaryColor),
  secondaryColor: hexColorField.default(DEFAULT_COLORS.secondaryColor),
  status: statusField.default('active'),
  twoFactorEnabled: formBoolean.default(false),
  removeProfile: formBoolean.optional(),
};

/** Add user (multipart; the image travels as the file part `profile`). */
export const userCreateSchema = z.object({ ...userBase, password: passwordField });
export type UserCreateInput = z.input<typeof userCreateSchema>;

/** Edit user: the password is optional (empty keeps the current one). */
export const userUpdateSchema = z.object({
  ...userBase,
  password: z.preprocess((v) => (v === '' ? undefined : v), passwordField.optional()),
});
export type UserUpdateInput = z.input<typeof userUpdateSchema>;

export const USER_SORT_FIELDS = [
  'id',
  'firstname',
  'lastname',
  'email',
  'roleName',
  'companyName',
  'phone',
  'status',
  'twoFactorEnabled',
  'lastLoginAt',
  'createdAt',
] as const;

// The list's filters as a shape the resource takes as it is (reading `.shape` off the schema
// would build the schema wherever the contract is loaded, not when a list query is parsed).
const userListFilters = {
  roleId: idField().optional(),
  companyId: idField().optional(),
  status: z.enum(STATUSES).optional(),
};

export const userListQueryExtraSchema = z.object(userListFilters);

export const userMutationResponseSchema = mutationResponseSchema(userSchema);

/** The users resource (spec s.7 "Users and profile"): multipart forms with the image part `profile`. */
export const usersResource = defineResource({
  ...RESOURCE_INDEX.users,
  schemas: { row: userSchema, create: userCreateSchema, update: userUpdateSchema },
  file: { field: 'profile', allowed: 'image', use: 'avatar' },
  // The add/edit-user drawer's company and role dropdowns.
  references: {
    companyId: { resource: 'companies', readBy: ['create', 'update'] },
    roleId: { resource: 'roles', readBy: ['create', 'update'] },
  },
  list: {
    sortFields: [...USER_SORT_FIELDS, 'updatedAt'],
    search: ['firstname', 'lastname', 'email'],
    filters: userListFilters,
    exportColumns: [
      EXPORT_COLUMNS.id,
      { key: 'firstname', header: 'First name' },
      { key: 'lastname', header: 'Last name' },
      { key: 'email', header: 'E-mail', width: 1.8 },
      { key: 'roleName', header: 'Role' },
      { key: 'companyName', header: 'Company' },
      EXPORT_COLUMNS.phone,
      EXPORT_COLUMNS.status,
      { key: 'twoFactorEnabled', header: 'Two-step sign-in', width: 0.7, type: 'boolean' },
      { key: 'lastLoginAt', header: 'Last sign-in', type: 'date' },
      EXPORT_COLUMNS.createdAt,
    ],
  },
});

/** Spec s.3: regenerate-API-key answers message and responseType; the key is shown once. */
export const regenerateKeyResponseSchema = z.object({
  responseType: z.boolean(),
  message: z.string(),
  apiKey: z.string().optional(),
});
