import { z } from 'zod';
import { emailField, passwordField, sessionUserSchema } from '../auth/schemas.js';
import { formBoolean, hexColorField, idField, optionalPhone, requiredText, statusField, STATUSES } from '../common/fields.js';
import { DEFAULT_COLORS } from '../common/constants.js';
import { PERMISSION_KEYS } from '../access/catalogue.js';
import { defineResource, PRODUCT_MODULE } from '../common/resource.js';

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
  profile: z.string().nullable(),
  /** The uploaded image's own name (the stored key is generated); null when unknown. */
  profileName: z.string().nullable(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  status: z.enum(STATUSES),
  twoFactorEnabled: z.boolean(),
  hasApiKey: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
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

export const userListQueryExtraSchema = z.object({
  roleId: idField().optional(),
  companyId: idField().optional(),
  status: z.enum(STATUSES).optional(),
});

export const userMutationResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: userSchema.optional(),
});

/** The users resource (spec s.7 "Users and profile"): multipart forms with the image part `profile`. */
export const usersResource = defineResource({
  name: 'users',
  entity: 'user',
  label: { singular: 'User', plural: 'Users' },
  module: PRODUCT_MODULE,
  schemas: { row: userSchema, create: userCreateSchema, update: userUpdateSchema },
  keys: PERMISSION_KEYS.users,
  file: { field: 'profile', allowed: 'image', use: 'avatar' },
  list: {
    sortFields: [...USER_SORT_FIELDS, 'updatedAt'],
    search: ['firstname', 'lastname', 'email'],
    filters: userListQueryExtraSchema.shape,
    exportColumns: [
      { key: 'id', header: 'ID', width: 0.5 },
      { key: 'firstname', header: 'First name' },
      { key: 'lastname', header: 'Last name' },
      { key: 'email', header: 'E-mail', width: 1.8 },
      { key: 'roleName', header: 'Role' },
      { key: 'companyName', header: 'Company' },
      { key: 'phone', header: 'Phone' },
      { key: 'status', header: 'Status', width: 0.7 },
      { key: 'twoFactorEnabled', header: 'Two-step sign-in', width: 0.7, type: 'boolean' },
      { key: 'lastLoginAt', header: 'Last sign-in', type: 'date' },
      { key: 'createdAt', header: 'Created', type: 'date' },
    ],
  },
});

/** Spec s.3: regenerate-API-key answers message and responseType; the key is shown once. */
export const regenerateKeyResponseSchema = z.object({
  responseType: z.boolean(),
  message: z.string(),
  apiKey: z.string().optional(),
});

/** Profile "about" (own record): what a user may see and edit about themselves. */
export const aboutSchema = z.object({
  id: z.number().int(),
  roleId: z.number().int(),
  roleName: z.string(),
  companyName: z.string().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  profile: z.string().nullable(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  twoFactorEnabled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type About = z.infer<typeof aboutSchema>;

export const aboutUpdateSchema = z.object({
  firstname: requiredText('First name', 100),
  lastname: requiredText('Last name', 100),
  phone: optionalPhone,
  primaryColor: hexColorField,
  secondaryColor: hexColorField,
  removeProfile: formBoolean.optional(),
});
export type AboutUpdateInput = z.input<typeof aboutUpdateSchema>;

/**
 * PATCH /about/update/{id}: the updated profile plus the session user fields, so the SPA can
 * refresh its userDetails cookie and theme colours at once.
 */
export const aboutUpdateResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: aboutSchema,
  user: sessionUserSchema,
});
export type AboutUpdateResponse = z.infer<typeof aboutUpdateResponseSchema>;
