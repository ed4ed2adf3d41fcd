import { type LoginResponse, SERVER_MESSAGES } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { codeOf } from '../../test/mailbox.js';
import { createTestApp, DEMO_PASSWORD, sessionFrom, type TestApp, USERS } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ otpTtlMinutes: 10, otpMaxAttempts: 5 });
});
afterAll(() => t?.close());

const OTP_INVALID = {
  success: false,
  code: 'OTP_INVALID',
  message: SERVER_MESSAGES.otpInvalid,
  responseType: false,
  loginType: 'default',
};

/** Signs the two-step agent in up to the code: the challenge token and the e-mailed code. */
async function startChallenge(rememberMe = false) {
  const since = Date.now();
  const res = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { ...USERS.agent, rememberMe } });
  expect(res.statusCode).toBe(200);
  const body = res.json<LoginResponse>();
  expect(body.loginType).toBe('otp');
  const mail = await t.mailbox.waitFor(USERS.agent.email, since);
  return { token: body.data!.accessToken, code: codeOf(mail), body, res, mail };
}

const verify = (token: string, otp: string) => t.inject({ method: 'POST', url: '/api/auth/otp/verification', payload: { token, otp } });
const check = (token: string) => t.inject({ url: `/api/auth/get-token/${token}` });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('two-step sign-in', () => {
  it('answers loginType otp with a challenge token, e-mails a 6-digit code, sets no session cookie', async () => {
    const { body, res, mail } = await startChallenge();
    expect(body).toMatchObject({ responseType: true, message: SERVER_MESSAGES.otpSent, loginType: 'otp' });
    expect(body.data?.user.email).toBe(USERS.agent.email);
    expect(body.data?.sessionId).toBeUndefined();
    expect(res.cookies).toEqual([]);
    expect(mail.subject).toContain('Platform');
    expect(mail.text).toMatch(/\b\d{6}\b/);
    expect(mail.html).toContain('Platform');
  });

  it('the challenge token grants nothing else', async () => {
    const { token } = await startChallenge();
    const res = await t.inject({ url: '/api/modules', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
  });

  it('GET /auth/get-token/{token} says verify true with the masked e-mail; false for anything else', async () => {
    const { token } = await startChallenge();
    expect((await check(token)).json()).toEqual({
      data: { verify: true, email: 'ag***@example.com', factors: { totp: false, passkey: false, emailSent: true } },
    });
    expect((await check('not-a-real-challenge-token')).json()).toEqual({ data: { verify: false, email: '' } });
  });

  it('accepts the right code once: a session like a default sign-in, then the code is spent', async () => {
    const { token, code } = await startChallenge(true);
    const res = await verify(token, code);
    expect(res.statusCode).toBe(200);
    const body = res.json<LoginResponse>();
    expect(body).toMatchObject({ responseType: true, loginType: 'default', message: SERVER_MESSAGES.otpVerified });
    expect(body.data?.user).toMatchObject({ email: USERS.agent.email, roleId: 3 });
    expect(body.data?.rememberMe).toBe(true);
    const s = sessionFrom(res);
    expect((await t.as(s, { url: '/api/modules' })).statusCode).toBe(200);

    const again = await verify(token, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(OTP_INVALID);
    expect((await check(token)).json().data.verify).toBe(false);
  });

  it('refuses a wrong code with the login failure shape', async () => {
    const { token, code } = await startChallenge();
    const res = await verify(token, wrongCode(code));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(OTP_INVALID);
    expect((await verify(token, code)).statusCode).toBe(200);
  });

  it('validates the code format (exactly 6 digits)', async () => {
    const { token } = await startChallenge();
    const res = await verify(token, '12345');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fieldErrors: { otp: 'Please enter a 6-digit code' }, responseType: false });
  });

  it('kills the challenge after 5 wrong codes: the right one no longer works', async () => {
    try {
      const { token, code } = await startChallenge();
      for (let i = 0; i < 5; i++) expect((await verify(token, wrongCode(code))).statusCode).toBe(400);
      expect((await verify(token, code)).json()).toEqual(OTP_INVALID);
      expect((await check(token)).json().data.verify).toBe(false);
    } finally {
      await t.app.db.update(users).set({ failedLoginCount: 0 }).where(eq(users.email, USERS.agent.email));
    }
  });

  it('expires after 10 minutes', async () => {
    const { token, code } = await startChallenge();
    t.clock.advance(10 * 60_000 + 1000);
    expect((await check(token)).json().data.verify).toBe(false);
    expect((await verify(token, code)).json()).toEqual(OTP_INVALID);
  });

  it('binds the code to its challenge: another challenge token with the same code fails', async () => {
    const first = await startChallenge();
    const second = await startChallenge();
    const res = await verify(second.token, first.code === second.code ? wrongCode(first.code) : first.code);
    expect(res.json()).toEqual(OTP_INVALID);
    expect((await verify('an-unknown-challenge-token-value', first.code)).json()).toEqual(OTP_INVALID);
  });

  it('resend replaces the code: the old one stops working, the new one works', async () => {
    const { token, code: oldCode } = await startChallenge();
    const since = Date.now();
    const res = await t.inject({ method: 'POST', url: '/api/auth/otp/resend', payload: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SERVER_MESSAGES.otpSent });
    const newCode = codeOf(await t.mailbox.waitFor(USERS.agent.email, since));
    if (newCode !== oldCode) expect((await verify(token, oldCode)).json()).toEqual(OTP_INVALID);
    expect((await verify(token, newCode)).statusCode).toBe(200);
    const unknown = await t.inject({ method: 'POST', url: '/api/auth/otp/resend', payload: { token: 'unknown-token-value' } });
    expect(unknown.json()).toEqual(OTP_INVALID);
  });

  it('does not start a challenge for a wrong password', async () => {
    const before = t.mailbox.countTo(USERS.agent.email);
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: USERS.agent.email, password: 'wrong-password' },
    });
    expect(res.statusCode).toBe(400);
    expect(t.mailbox.countTo(USERS.agent.email)).toBe(before);
    // the failure count is reset by the next full sign-in
    const { token, code } = await startChallenge();
    await verify(token, code);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, USERS.agent.email));
    expect(row?.failedLoginCount).toBe(0);
  });

  it('wrong codes count towards the account lockout', async () => {
    await t.app.db.update(users).set({ failedLoginCount: 0 }).where(eq(users.email, USERS.agent.email));
    for (let round = 0; round < 2; round++) {
      const { token, code } = await startChallenge();
      for (let i = 0; i < 5; i++) await verify(token, wrongCode(code));
    }
    const locked = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: USERS.agent.email, password: DEMO_PASSWORD },
    });
    expect(locked.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    t.clock.advance(16 * 60_000);
    const after = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: USERS.agent.email, password: DEMO_PASSWORD },
    });
    expect(after.json().loginType).toBe('otp');
  });
});
