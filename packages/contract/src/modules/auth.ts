import { z } from 'zod';
import { OTP_LENGTH } from '../common/constants.js';
import { emailField, passwordField } from '../common/fields.js';
import { VALIDATION_MESSAGES as M } from '../common/messages.js';
import { challengeFactorsSchema } from './second-factors.js';
import { userSchema } from './users.js';

export const loginRequestSchema = z.object({
  email: emailField,
  password: passwordField,
  rememberMe: z.boolean().optional().default(false),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const forgotPasswordRequestSchema = z.object({ email: emailField });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** The reset form of the SPA (password + confirmPassword). */
export const resetPasswordFormSchema = z
  .object({
    password: passwordField,
    confirmPassword: z.string({ error: M.confirmRequired }).min(1, M.confirmRequired),
  })
  .refine((v) => v.password === v.confirmPassword, { message: M.passwordsMismatch, path: ['confirmPassword'] });

/** What the SPA sends to the API (spec s.3 "Reset submission"). */
export const resetPasswordRequestSchema = z.object({
  resetToken: z.string().min(1).max(200),
  newPassword: passwordField,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/**
 * POST /auth/reset-password/check: whether a reset link still works, asked when the page opens so
 * a dead link is said at once. Nothing is consumed, and nothing about the account is answered.
 */
export const resetTokenCheckRequestSchema = z.object({ resetToken: z.string().min(1).max(200) });
export const resetTokenCheckResponseSchema = z.object({ data: z.object({ valid: z.boolean() }) });
export type ResetTokenCheckResponse = z.infer<typeof resetTokenCheckResponseSchema>;

export const otpRequestSchema = z.object({
  otp: z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), M.otpLength),
  token: z.string().min(1).max(200),
});
export type OtpRequest = z.infer<typeof otpRequestSchema>;

export const otpResendRequestSchema = z.object({ token: z.string().min(1).max(200) });

/** The user as the sign-in response and the userDetails cookie carry it (spec s.3). */
export const sessionUserSchema = userSchema.pick({
  id: true,
  roleId: true,
  firstname: true,
  lastname: true,
  email: true,
  profile: true,
  primaryColor: true,
  secondaryColor: true,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const LOGIN_TYPES = ['default', 'otp'] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];

/**
 * Sign-in and OTP response (spec s.3). For loginType 'otp' the accessToken is the one-time
 * challenge token used in /otp/{token}; it grants nothing else. sessionId is the x-session-id.
 */
export const loginResponseSchema = z.object({
  responseType: z.boolean(),
  message: z.string(),
  loginType: z.enum(LOGIN_TYPES),
  data: z
    .object({
      accessToken: z.string(),
      sessionId: z.string().optional(),
      rememberMe: z.boolean().optional(),
      user: sessionUserSchema.partial().extend({ email: z.string() }),
    })
    .optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const csrfResponseSchema = z.object({ data: z.string() });

export const otpTokenCheckResponseSchema = z.object({
  // `factors` (not in the spec): what else the two-step page may offer (modules/second-factors.ts).
  data: z.object({ verify: z.boolean(), email: z.string(), factors: challengeFactorsSchema.optional() }),
});
export type OtpTokenCheckResponse = z.infer<typeof otpTokenCheckResponseSchema>;

/** Masks an e-mail after its first two characters (spec s.5): "jo******@example.com" keeps the domain readable. */
export const maskEmail = (email: string) => {
  const at = email.indexOf('@');
  const local = at === -1 ? email : email.slice(0, at);
  const domain = at === -1 ? '' : email.slice(at);
  return local.slice(0, 2) + '*'.repeat(Math.max(local.length - 2, 0)) + domain;
};
