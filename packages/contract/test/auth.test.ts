import { describe, expect, it } from 'vitest';
import { loginRequestSchema, maskEmail, otpRequestSchema, resetPasswordFormSchema, VALIDATION_MESSAGES as M } from '../src/index.js';

const firstError = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }, field: string) =>
  r.error?.issues.find((i) => i.path[0] === field)?.message;

describe('sign-in validation (spec s.5)', () => {
  it('requires the e-mail and the password with the spec messages', () => {
    const r = loginRequestSchema.safeParse({ email: '', password: '' });
    expect(firstError(r, 'email')).toBe(M.emailRequired);
    expect(firstError(r, 'password')).toBe(M.passwordRequired);
  });
  it('rejects an e-mail that does not look like one', () => {
    expect(firstError(loginRequestSchema.safeParse({ email: 'jo@', password: 'secret1' }), 'email')).toBe(M.emailInvalid);
  });
  it('needs at least 6 password characters', () => {
    expect(firstError(loginRequestSchema.safeParse({ email: 'a@b.co', password: '12345' }), 'password')).toBe(M.passwordMin);
    expect(loginRequestSchema.safeParse({ email: 'a@b.co', password: '123456' }).success).toBe(true);
  });
  it('defaults rememberMe to false', () => {
    expect(loginRequestSchema.parse({ email: 'a@b.co', password: '123456' }).rememberMe).toBe(false);
  });
});

describe('reset password form', () => {
  it('asks for the confirmation', () => {
    expect(firstError(resetPasswordFormSchema.safeParse({ password: 'abcdef', confirmPassword: '' }), 'confirmPassword')).toBe(
      M.confirmRequired,
    );
  });
  it('refuses different passwords', () => {
    expect(firstError(resetPasswordFormSchema.safeParse({ password: 'abcdef', confirmPassword: 'abcdeg' }), 'confirmPassword')).toBe(
      M.passwordsMismatch,
    );
  });
});

describe('OTP submission', () => {
  it('accepts exactly six digits', () => {
    expect(otpRequestSchema.safeParse({ otp: '123456', token: 't' }).success).toBe(true);
    expect(firstError(otpRequestSchema.safeParse({ otp: '12345', token: 't' }), 'otp')).toBe(M.otpLength);
    expect(otpRequestSchema.safeParse({ otp: '12345a', token: 't' }).success).toBe(false);
  });
});

describe('maskEmail', () => {
  it('keeps the first two characters and the domain', () => {
    expect(maskEmail('jonathan@example.com')).toBe('jo******@example.com');
    expect(maskEmail('ab@x.io')).toBe('ab@x.io');
    expect(maskEmail('a@x.io')).toBe('a@x.io');
  });
});
