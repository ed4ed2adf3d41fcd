import { SERVER_MESSAGES, VALIDATION_MESSAGES } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.js';
import { resetTokenOf } from '../../test/mailbox.js';
import { createTestApp, DEMO_PASSWORD, sleep, type TestApp, USERS } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ resetTokenTtlMinutes: 60 });
});
afterAll(() => t?.close());

const email = USERS.manager.email;
const requestReset = (to: string) => t.inject({ method: 'POST', url: '/api/auth/request-password', payload: { email: to } });
const reset = (resetToken: string, newPassword: string) =>
  t.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { resetToken, newPassword } });
const check = (resetToken: unknown) => t.inject({ method: 'POST', url: '/api/auth/reset-password/check', payload: { resetToken } });
const valid = async (resetToken: string) => {
  const res = await check(resetToken);
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { valid: boolean } }).data.valid;
};
const login = (password: string) => t.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

/**
 * The link of this request's mail. The mail goes out after the answer (the same work for known
 * and unknown e-mails), so an earlier request's mail may still arrive after `since` on a loaded
 * machine: this request voided that link, so the one to use is the newest link that still works.
 */
async function mailedToken(to = email) {
  const since = Date.now();
  expect((await requestReset(to)).statusCode).toBe(200);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = await t.mailbox.waitFor(to, since);
    expect(mail.text).toContain('http://console.test/reset-password?token=');
    const token = resetTokenOf(mail);
    if (await valid(token)) return token;
    if (Date.now() > deadline) throw new Error(`no working reset link reached ${to}`);
    await sleep(50);
  }
}

const RESET_INVALID = { success: false, code: 'RESET_TOKEN_INVALID', message: SERVER_MESSAGES.resetInvalid };

describe('forgot and reset password', () => {
  it('answers known and unknown e-mails the same way, and mails only the known one', async () => {
    const known = await requestReset(email);
    const unknown = await requestReset('nobody-here@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ success: true, message: SERVER_MESSAGES.resetRequested });
    expect(unknown.json()).toEqual(known.json());
    await t.mailbox.waitFor(email);
    await sleep(200);
    expect(t.mailbox.countTo('nobody-here@example.com')).toBe(0);
  });

  it('validates the e-mail like the sign-in form', async () => {
    const res = await requestReset('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION', fieldErrors: { email: VALIDATION_MESSAGES.emailInvalid } });
  });

  it('sets the new password with a single-use token and ends every session', async () => {
    const s1 = await t.login('manager');
    const s2 = await t.login('manager', true);
    const token = await mailedToken();
    const res = await reset(token, 'Brand-New-Pass-77');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SERVER_MESSAGES.resetDone });

    for (const s of [s1, s2]) {
      expect((await t.as(s, { url: '/api/modules' })).statusCode).toBe(401);
      const [row] = await t.app.db.select().from(sessions).where(eq(sessions.id, s.sessionId));
      expect(row?.endReason).toBe('password-reset');
    }
    expect((await login(DEMO_PASSWORD)).statusCode).toBe(400);
    expect((await login('Brand-New-Pass-77')).statusCode).toBe(200);

    const again = await reset(token, 'Another-New-Pass-88');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(RESET_INVALID);
    expect((await login('Brand-New-Pass-77')).statusCode).toBe(200);
  });

  it('a newer reset voids older unused links once used', async () => {
    const older = await mailedToken();
    const newer = await mailedToken();
    expect((await reset(newer, 'Third-New-Pass-99')).statusCode).toBe(200);
    expect((await reset(older, 'Fourth-New-Pass-11')).json()).toEqual(RESET_INVALID);
  });

  it('expires after 60 minutes', async () => {
    const token = await mailedToken();
    t.clock.advance(60 * 60_000 + 1000);
    expect((await reset(token, 'Expired-Token-Pass-1')).json()).toEqual(RESET_INVALID);
  });

  it('refuses a bogus token', async () => {
    expect((await reset('bogus-token-value', 'Some-Good-Pass-12')).json()).toEqual(RESET_INVALID);
  });

  it('refuses the most common passwords and keeps the token usable', async () => {
    const token = await mailedToken();
    const res = await reset(token, 'password123');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'VALIDATION',
      message: VALIDATION_MESSAGES.passwordCommon,
      fieldErrors: { newPassword: VALIDATION_MESSAGES.passwordCommon },
    });
    const short = await reset(token, '12345');
    expect(short.json().fieldErrors).toEqual({ newPassword: VALIDATION_MESSAGES.passwordMin });
    expect((await reset(token, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('checks a link without using it: valid until used, expired, voided or the account disabled', async () => {
    const token = await mailedToken();
    expect(await valid(token)).toBe(true);
    expect(await valid(token)).toBe(true); // checking uses nothing up
    // The answer carries nothing about the account: only whether the link works.
    expect((await check(token)).json()).toEqual({ data: { valid: true } });
    expect((await check('bogus-token-value')).json()).toEqual({ data: { valid: false } });

    await t.app.db.update(users).set({ status: 'inactive' }).where(eq(users.email, email));
    try {
      expect(await valid(token)).toBe(false);
    } finally {
      await t.app.db.update(users).set({ status: 'active' }).where(eq(users.email, email));
    }
    expect(await valid(token)).toBe(true);
    expect((await reset(token, 'Checked-Then-Used-5')).statusCode).toBe(200);
    expect(await valid(token)).toBe(false);
    expect((await reset(token, DEMO_PASSWORD)).json()).toEqual(RESET_INVALID);

    const older = await mailedToken();
    const newer = await mailedToken();
    expect((await reset(newer, DEMO_PASSWORD)).statusCode).toBe(200);
    expect(await valid(older)).toBe(false);

    const expiring = await mailedToken();
    t.clock.advance(60 * 60_000 + 1000);
    expect(await valid(expiring)).toBe(false);
  });

  it('refuses a malformed check in the error shape', async () => {
    for (const bad of ['', 'x'.repeat(201), 42, null]) {
      const res = await check(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION' });
    }
  });

  it('ignores a disabled account (same answer, no mail)', async () => {
    await t.app.db.update(users).set({ status: 'inactive' }).where(eq(users.email, USERS.guest.email));
    try {
      const before = t.mailbox.countTo(USERS.guest.email);
      const res = await requestReset(USERS.guest.email);
      expect(res.json()).toEqual({ success: true, message: SERVER_MESSAGES.resetRequested });
      await sleep(200);
      expect(t.mailbox.countTo(USERS.guest.email)).toBe(before);
    } finally {
      await t.app.db.update(users).set({ status: 'active' }).where(eq(users.email, USERS.guest.email));
    }
  });
});
