import { COOKIE_NAMES, ERROR_STATUS, type LoginResponse, SERVER_MESSAGES, VALIDATION_MESSAGES } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.js';
import { createTestApp, DEMO_PASSWORD, type TestApp, USERS } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ lockoutThreshold: 10, lockoutMinutes: 15 });
});
afterAll(() => t?.close());

const login = (email: string, password: string, rememberMe = false) =>
  t.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, rememberMe } });

const INVALID = {
  success: false,
  code: 'INVALID_CREDENTIALS',
  message: SERVER_MESSAGES.invalidCredentials,
  responseType: false,
  loginType: 'default',
};

describe('POST /api/auth/login', () => {
  it('signs in: spec response shape, opaque token, session cookies readable by the SPA', async () => {
    const res = await login('Manager@Example.com', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json<LoginResponse>();
    expect(body).toMatchObject({ responseType: true, message: SERVER_MESSAGES.loginSuccess, loginType: 'default' });
    expect(body.data?.user).toEqual({
      id: expect.any(Number),
      roleId: 2,
      firstname: 'Maria',
      lastname: 'Manager',
      email: 'manager@example.com',
      profile: null,
      primaryColor: '#143f6f',
      secondaryColor: '#0d97fd',
    });
    expect(body.data?.accessToken).toMatch(/^[\w-]{43}$/); // 256 random bits, base64url
    expect(body.data?.rememberMe).toBe(false);
    const sid = res.cookies.find((c) => c.name === COOKIE_NAMES.sessionId);
    const xsrf = res.cookies.find((c) => c.name === COOKIE_NAMES.csrf);
    expect(sid?.value).toBe(body.data?.sessionId);
    expect(xsrf?.value).toMatch(/^[\w-]{20,}$/);
    expect(sid?.httpOnly).toBeFalsy();
    // Without "Keep me logged in": browser-session cookies
    expect(sid?.maxAge).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('stores only a hash of the token', async () => {
    const res = await login(USERS.manager.email, DEMO_PASSWORD);
    const { accessToken, sessionId } = res.json<LoginResponse>().data!;
    const [row] = await t.app.db.select().from(sessions).where(eq(sessions.id, sessionId!));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(accessToken);
    expect(row?.ip).toBe('127.0.0.1');
  });

  it('"Keep me logged in" makes persistent cookies and a remembered session', async () => {
    const res = await login(USERS.manager.email, DEMO_PASSWORD, true);
    expect(res.json<LoginResponse>().data?.rememberMe).toBe(true);
    const sid = res.cookies.find((c) => c.name === COOKIE_NAMES.sessionId);
    expect(sid?.maxAge).toBe(30 * 86_400);
  });

  it('answers a wrong password and an unknown e-mail identically (400, never 401)', async () => {
    try {
      const wrong = await login(USERS.guest.email, 'not-the-password');
      const unknown = await login('nobody@example.com', 'not-the-password');
      expect(wrong.statusCode).toBe(ERROR_STATUS.INVALID_CREDENTIALS);
      expect(unknown.statusCode).toBe(400);
      expect(wrong.json()).toEqual(INVALID);
      expect(unknown.json()).toEqual(INVALID);
    } finally {
      await t.app.db.update(users).set({ failedLoginCount: 0 }).where(eq(users.email, USERS.guest.email));
    }
  });

  it('validates with the spec messages, keyed by field, with the login failure fields', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: '', password: '123' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'VALIDATION',
      message: SERVER_MESSAGES.validation,
      fieldErrors: { email: VALIDATION_MESSAGES.emailRequired, password: VALIDATION_MESSAGES.passwordMin },
      responseType: false,
      loginType: 'default',
    });
    const bad = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nope', password: '' } });
    expect(bad.json().fieldErrors).toEqual({ email: VALIDATION_MESSAGES.emailInvalid, password: VALIDATION_MESSAGES.passwordRequired });
    const missing = await t.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(missing.json().fieldErrors).toEqual({
      email: VALIDATION_MESSAGES.emailRequired,
      password: VALIDATION_MESSAGES.passwordRequired,
    });
  });

  it('locks the account after 10 failures with the same reply, and unlocks after the window', async () => {
    const email = USERS.guest.email;
    for (let i = 0; i < 10; i++) expect((await login(email, `wrong-${i}-pass`)).json()).toEqual(INVALID);
    const [locked] = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(locked?.lockedUntil).not.toBeNull();

    // Even the right password gets exactly the wrong-password reply while locked.
    const whileLocked = await login(email, DEMO_PASSWORD);
    expect(whileLocked.statusCode).toBe(400);
    expect(whileLocked.json()).toEqual(INVALID);

    t.clock.advance(14 * 60_000);
    expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(400);
    t.clock.advance(2 * 60_000);
    const after = await login(email, DEMO_PASSWORD);
    expect(after.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ failedLoginCount: 0, lockedUntil: null });
    expect(row?.lastLoginAt).toBeInstanceOf(Date);
  });

  it('a success resets the failure count, so only consecutive failures lock', async () => {
    const email = USERS.guest.email;
    for (let i = 0; i < 9; i++) await login(email, 'wrong-password');
    expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) await login(email, 'wrong-password');
    expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a disabled user and ends the sessions they had', async () => {
    const s = await t.login('guest');
    await t.app.db.update(users).set({ status: 'inactive' }).where(eq(users.email, USERS.guest.email));
    try {
      expect((await login(USERS.guest.email, DEMO_PASSWORD)).json()).toEqual(INVALID);
      const res = await t.as(s, { url: '/api/modules' });
      expect(res.statusCode).toBe(401);
      const [row] = await t.app.db.select().from(sessions).where(eq(sessions.id, s.sessionId));
      expect(row?.endReason).toBe('disabled');
    } finally {
      await t.app.db.update(users).set({ status: 'active' }).where(eq(users.email, USERS.guest.email));
    }
  });
});
