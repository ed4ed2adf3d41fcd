import {
  type LoginResponse,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_MESSAGES as M,
  SECOND_FACTOR_PATHS as P,
  type SecondFactors,
} from '@console/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, roles, users } from '../../db/schema/index.js';
import { codeOf } from '../../test/mailbox.js';
import { createSoftAuthenticator } from '../../test/soft-authenticator.js';
import { createTestApp, sessionFrom, type TestApp, type TestSession, USERS } from '../../test/test-app.js';
import { totpOf } from './factor-codes.js';

// A fixed clock: every code below is the one an app would show at that instant.
const T0 = new Date('2026-11-27T10:00:00.000Z');
const ORIGIN = 'http://console.test';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ otpMaxAttempts: 5, lockoutThreshold: 8 });
  t.clock.freeze(T0);
});
afterAll(() => t?.close());

const api = (path: string) => `/api${path}`;
const codeAt = (secret: string) => totpOf(secret, '-', '-').generate({ timestamp: t.clock.now().getTime() });
const summary = async (s: TestSession) => (await t.as(s, { url: api(P.summary) })).json<{ data: SecondFactors }>().data;
const password = (email: string) =>
  t.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: USERS.manager.password } });
const challengeOf = async (email: string) => {
  const res = await password(email);
  expect(res.json<LoginResponse>().loginType).toBe('otp');
  return res.json<LoginResponse>().data!.accessToken;
};
const factor = (token: string, method: 'totp' | 'recovery', code: string) =>
  t.inject({ method: 'POST', url: api(P.verify), payload: { token, method, code } });

/** A fresh one-step user of role 2 (no factor yet), signed in. */
async function newUser(tag: string) {
  const email = `${tag}-${Date.now()}@example.com`;
  const [manager] = await t.app.db.select().from(users).where(eq(users.email, USERS.manager.email));
  await t.app.db.insert(users).values({ ...manager!, id: undefined, email, apiKeyHash: null } as never);
  return { email, session: await t.login({ email, password: USERS.manager.password }) };
}

async function enrolApp(s: TestSession) {
  const started = await t.as(s, { method: 'POST', url: api(P.totp) });
  expect(started.statusCode).toBe(200);
  const { secret } = started.json().data;
  const confirmed = await t.as(s, { method: 'POST', url: api(P.totpConfirm), payload: { code: codeAt(secret) } });
  expect(confirmed.statusCode).toBe(200);
  return { secret: secret as string, codes: confirmed.json().data.codes as string[] };
}

describe('authenticator app (TOTP)', () => {
  it('enrols with a QR code and a confirming code, and answers 10 recovery codes once', async () => {
    const { session } = await newUser('totp-enrol');
    const started = await t.as(session, { method: 'POST', url: api(P.totp) });
    const data = started.json().data;
    expect(data.uri).toMatch(/^otpauth:\/\/totp\/Platform:totp-enrol-\d+%40example\.com\?.*secret=[A-Z2-7]+/);
    expect(data.qrSvg).toMatch(/^<svg/);
    expect((await summary(session)).totp.enabled).toBe(false);

    const wrong = await t.as(session, {
      method: 'POST',
      url: api(P.totpConfirm),
      payload: { code: '000000' === codeAt(data.secret) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: M.totpWrong, fieldErrors: { code: M.totpWrong } });
    const malformed = await t.as(session, { method: 'POST', url: api(P.totpConfirm), payload: { code: '12a456' } });
    expect(malformed.json().fieldErrors).toEqual({ code: M.totpCode });

    const ok = await t.as(session, { method: 'POST', url: api(P.totpConfirm), payload: { code: codeAt(data.secret) } });
    expect(ok.statusCode).toBe(200);
    const codes: string[] = ok.json().data.codes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    expect((await summary(session)).totp).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect((await t.as(session, { method: 'POST', url: api(P.totp) })).json().message).toBe(M.totpAlready);
    // The secret never reaches the audit log.
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'second-factor.totp-enabled'));
    expect(JSON.stringify(audit)).not.toContain(data.secret);
  });

  it('signs in with an app code as the second step: no mail, each code once, the e-mailed code only on request', async () => {
    const { email, session } = await newUser('totp-sign-in');
    const { secret } = await enrolApp(session);
    const since = Date.now();
    const token = await challengeOf(email);
    const check = await t.inject({ url: `/api/auth/get-token/${token}` });
    expect(check.json().data.factors).toEqual({ totp: true, passkey: false, emailSent: false });
    // The code of the enrolment's step is used up: the same 30 s window cannot sign in again.
    expect((await factor(token, 'totp', codeAt(secret))).json().message).toBe(M.totpWrong);
    t.clock.advance(30_000);
    const done = await factor(token, 'totp', codeAt(secret));
    expect(done.statusCode).toBe(200);
    expect(done.json<LoginResponse>()).toMatchObject({ loginType: 'default', data: { user: { email } } });
    expect((await t.as(sessionFrom(done), { url: '/api/modules' })).statusCode).toBe(200);
    // Replayed on a new challenge, the same code is refused.
    const again = await challengeOf(email);
    expect((await factor(again, 'totp', codeAt(secret))).statusCode).toBe(400);
    expect(t.mailbox.mails.filter((m) => m.to.includes(email) && m.receivedAt >= since)).toHaveLength(0);
    // Fallback: the e-mailed code, sent when asked for.
    const mailSince = Date.now();
    await t.inject({ method: 'POST', url: '/api/auth/otp/resend', payload: { token: again } });
    const otp = codeOf(await t.mailbox.waitFor(email, mailSince));
    const byMail = await t.inject({ method: 'POST', url: '/api/auth/otp/verification', payload: { token: again, otp } });
    expect(byMail.statusCode).toBe(200);
  });

  it('a recovery code signs in once; renewing voids the old set; removing the app makes sign-in one step again', async () => {
    const { email, session } = await newUser('recovery');
    const { codes } = await enrolApp(session);
    const first = await factor(await challengeOf(email), 'recovery', codes[0]!.toUpperCase().replace(/-/g, ' '));
    expect(first.statusCode).toBe(200);
    const reused = await factor(await challengeOf(email), 'recovery', codes[0]!);
    expect(reused.json().message).toBe(M.recoveryWrong);
    expect((await summary(session)).totp.recoveryCodesLeft).toBe(9);

    const renewed = await t.as(session, { method: 'POST', url: api(P.recoveryCodes) });
    expect(renewed.json().data.codes).toHaveLength(10);
    expect((await factor(await challengeOf(email), 'recovery', codes[1]!)).statusCode).toBe(400);
    expect((await factor(await challengeOf(email), 'recovery', renewed.json().data.codes[0])).statusCode).toBe(200);

    expect((await t.as(session, { method: 'DELETE', url: api(P.totp) })).statusCode).toBe(200);
    expect((await password(email)).json<LoginResponse>().loginType).toBe('default');
    expect((await t.as(session, { method: 'DELETE', url: api(P.totp) })).statusCode).toBe(404);
  });

  it('wrong app codes end the challenge at the attempt limit and lock the account at the threshold', async () => {
    const { email, session } = await newUser('totp-lockout');
    const { secret } = await enrolApp(session);
    t.clock.advance(30_000);
    const token = await challengeOf(email);
    const wrong = String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) expect((await factor(token, 'totp', wrong)).statusCode).toBe(400);
    // Dead after 5 wrong answers, even with the right code.
    expect((await factor(token, 'totp', codeAt(secret))).json().message).toBe(M.challengeOver);
    const next = await challengeOf(email);
    for (let i = 0; i < 3; i++) await factor(next, 'recovery', 'aaaa-aaaa-aaaa');
    // 8 failures: locked; the right password is refused like any failure.
    expect((await password(email)).json().code).toBe('INVALID_CREDENTIALS');
  });
});

describe('passkeys', () => {
  async function addPasskey(s: TestSession, name = 'Laptop') {
    const auth = createSoftAuthenticator(ORIGIN);
    const opts = (await t.as(s, { method: 'POST', url: api(P.passkeyRegisterOptions) })).json().data;
    const res = await t.as(s, {
      method: 'POST',
      url: api(P.passkeys),
      payload: { challengeId: opts.challengeId, name, credential: auth.register(opts.options) },
    });
    expect(res.statusCode).toBe(200);
    return auth;
  }

  it('registers only an answer to its own challenge from the right origin', async () => {
    const { session } = await newUser('passkey-add');
    const auth = createSoftAuthenticator(ORIGIN);
    const opts = (await t.as(session, { method: 'POST', url: api(P.passkeyRegisterOptions) })).json().data;
    expect(opts.options.rp).toEqual({ name: 'Platform', id: 'console.test' });
    const foreign = await t.as(session, {
      method: 'POST',
      url: api(P.passkeys),
      payload: { challengeId: opts.challengeId, name: 'Phish', credential: auth.register(opts.options, { origin: 'http://evil.test' }) },
    });
    expect(foreign.json()).toMatchObject({ code: 'VALIDATION', message: M.passkeyRegisterFailed });
    // The challenge was used by the refused answer: it cannot be tried again.
    const reused = await t.as(session, {
      method: 'POST',
      url: api(P.passkeys),
      payload: { challengeId: opts.challengeId, name: 'Laptop', credential: auth.register(opts.options) },
    });
    expect(reused.statusCode).toBe(400);
    await addPasskey(session, 'Laptop');
    expect((await summary(session)).passkeys.map((k) => k.name)).toEqual(['Laptop']);
  });

  it('a passkey is the second step after the password; a bad signature counts as a wrong answer', async () => {
    const { email, session } = await newUser('passkey-step');
    const auth = await addPasskey(session);
    const token = await challengeOf(email);
    expect((await t.inject({ url: `/api/auth/get-token/${token}` })).json().data.factors).toEqual({
      totp: false,
      passkey: true,
      emailSent: false,
    });
    const options = async () => (await t.inject({ method: 'POST', url: api(P.passkeyOptions), payload: { token } })).json().data.options;
    const first = await options();
    expect(first.allowCredentials).toEqual([{ id: auth.id, type: 'public-key', transports: ['internal'] }]);
    const bad = await t.inject({
      method: 'POST',
      url: api(P.passkeyVerify),
      payload: { token, credential: auth.assert(first, { tamper: true }) },
    });
    expect(bad.json()).toMatchObject({ code: 'OTP_INVALID', message: M.passkeyFailed });
    // The options were used by the failed answer; a good signature over them is refused too.
    expect(
      (await t.inject({ method: 'POST', url: api(P.passkeyVerify), payload: { token, credential: auth.assert(first) } })).statusCode,
    ).toBe(400);
    const good = await t.inject({
      method: 'POST',
      url: api(P.passkeyVerify),
      payload: { token, credential: auth.assert(await options()) },
    });
    expect(good.statusCode).toBe(200);
    expect((await summary(session)).passkeys[0]!.lastUsedAt).toBe(t.clock.now().toISOString());
  });

  it('signs in with a passkey alone only where the user chose so, and only user-verified', async () => {
    const { email, session } = await newUser('passkey-alone');
    const auth = await addPasskey(session);
    const attempt = async (opts: { userVerified?: boolean } = {}) => {
      const o = (await t.inject({ method: 'POST', url: api(P.passkeySignInOptions), payload: {} })).json().data;
      expect(o.options.allowCredentials).toBeUndefined();
      return t.inject({
        method: 'POST',
        url: api(P.passkeySignIn),
        payload: { challengeId: o.challengeId, credential: auth.assert(o.options, opts) },
      });
    };
    expect((await attempt()).json()).toMatchObject({ code: 'INVALID_CREDENTIALS', message: M.passkeySignInOff });
    const on = await t.as(session, { method: 'PUT', url: api(P.passkeySignInSetting), payload: { enabled: true } });
    expect(on.json().message).toBe(M.passkeySignInOn);
    expect((await attempt({ userVerified: false })).json().message).toBe(M.passkeyFailed);
    const ok = await attempt();
    expect(ok.statusCode).toBe(200);
    expect(ok.json<LoginResponse>().data?.user.email).toBe(email);
    // Removing the last passkey turns "sign in alone" off.
    const id = (await summary(session)).passkeys[0]!.id;
    expect((await t.as(session, { method: 'DELETE', url: api(P.passkey(id)) })).statusCode).toBe(200);
    expect((await summary(session)).passkeySignIn).toBe(false);
    expect((await t.as(session, { method: 'PUT', url: api(P.passkeySignInSetting), payload: { enabled: true } })).json().message).toBe(
      M.passkeySignInNeedsPasskey,
    );
  });
});

describe('policy and administration', () => {
  it('a role that requires a second factor makes its users pass the e-mailed code', async () => {
    const admin = await t.login('admin');
    const role = await t.as(admin, {
      method: 'POST',
      url: '/api/roles/add',
      payload: { name: `Strict ${Date.now()}`, secondFactorRequired: true },
    });
    expect(role.statusCode).toBe(200);
    const roleId = role.json().data.id;
    const { email } = await newUser('policy');
    await t.app.db.update(users).set({ roleId }).where(eq(users.email, email));
    const since = Date.now();
    const token = await challengeOf(email);
    expect((await t.inject({ url: `/api/auth/get-token/${token}` })).json().data.factors).toEqual({
      totp: false,
      passkey: false,
      emailSent: true,
    });
    await t.mailbox.waitFor(email, since);
    // An edit that leaves the policy out keeps it.
    await t.as(admin, { method: 'PATCH', url: `/api/roles/update/${roleId}`, payload: { name: `Strict renamed ${Date.now()}` } });
    const [row] = await t.app.db.select().from(roles).where(eq(roles.id, roleId));
    expect(row?.secondFactorRequired).toBe(true);
  });

  it('an administrator resets a user’s factors, audited; a caller without the key gets 403', async () => {
    const { email, session } = await newUser('reset');
    await enrolApp(session);
    await addPasskeyFor(session);
    const [target] = await t.app.db.select().from(users).where(eq(users.email, email));
    const manager = await t.login('manager');
    expect((await t.as(manager, { method: 'POST', url: api(P.reset(target!.id)) })).statusCode).toBe(403);
    const admin = await t.login('admin');
    const res = await t.as(admin, { method: 'POST', url: api(P.reset(target!.id)) });
    expect(res.json()).toEqual({ success: true, message: M.reset });
    expect(await summary(session)).toMatchObject({ totp: { enabled: false }, passkeys: [], passkeySignIn: false });
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'second-factor.reset'), eq(auditLog.entityId, String(target!.id))));
    expect(entry).toMatchObject({
      actorId: admin.userId,
      before: { authenticatorApp: true, passkeys: ['Key'] },
      after: { authenticatorApp: false, passkeys: [] },
    });
    expect((await password(email)).json<LoginResponse>().loginType).toBe('default');
  });
});

async function addPasskeyFor(s: TestSession) {
  const auth = createSoftAuthenticator(ORIGIN);
  const opts = (await t.as(s, { method: 'POST', url: api(P.passkeyRegisterOptions) })).json().data;
  await t.as(s, {
    method: 'POST',
    url: api(P.passkeys),
    payload: { challengeId: opts.challengeId, name: 'Key', credential: auth.register(opts.options) },
  });
}

describe('rate limits', () => {
  it('every factor endpoint is limited like the e-mailed code', async () => {
    const limited = await createTestApp({ rateLimitOtpPerMinute: 3, rateLimitLoginPerMinute: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await limited.inject({ method: 'POST', url: api(P.verify), payload: { token: 'x', method: 'totp', code: '123456' } }))
            .statusCode,
        );
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
      const signIn: number[] = [];
      for (let i = 0; i < 4; i++)
        signIn.push((await limited.inject({ method: 'POST', url: api(P.passkeySignInOptions), payload: {} })).statusCode);
      expect(signIn).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
