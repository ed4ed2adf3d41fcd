import { z } from 'zod';
import { formBoolean, hexColorField, optionalPhone, requiredText } from '../common/fields.js';
import { operationResponseSchema } from '../common/errors.js';
import { sessionUserSchema } from './auth.js';
import { userSchema } from './users.js';

/** Profile "about" (own record): what a user may see and edit about themselves. */
export const aboutSchema = userSchema.pick({
  id: true,
  roleId: true,
  roleName: true,
  companyName: true,
  firstname: true,
  lastname: true,
  email: true,
  phone: true,
  profile: true,
  primaryColor: true,
  secondaryColor: true,
  twoFactorEnabled: true,
  lastLoginAt: true,
  createdAt: true,
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
export const aboutUpdateResponseSchema = operationResponseSchema.extend({ data: aboutSchema, user: sessionUserSchema });
export type AboutUpdateResponse = z.infer<typeof aboutUpdateResponseSchema>;
