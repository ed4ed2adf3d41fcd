import { COOKIE_NAMES, SERVER_MESSAGES } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ idleTimeoutMs: 600_000, sessionAbsoluteHours: 12, rememberIdleDays: 7, rememberSessionDays: 30 });
});
afterAll(() => t?.close());

const UNAUTHENTICATED = { success: false, code: 'UNAUTHENTICATED', message: SERVER_MESSAGES.unauthenticated };
const rowOf = async (id: string) => (await t.app.db.select().from(sessions).where(eq(sessions.id, id)))[0];
const activity = { slug: '/home', screenName: 'Home', eventName: 'view', description: '', request: {} };

describe('sessions', () => {
  it('answers 401 with the error shape without a token, with a bad token and with a malformed header', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-valid-token-at-all-000' }, { authorization: 'Basic abc' }]) {
      const res = await t.inject({ url: '/api/modules', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    }
  });

  it('checks authentication before validating the body (no information for anonymous callers)', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/auth/user-activity/add', payload: { nonsense: true } });
    expect(res.statusCode).toBe(401);
  });

  it('GET /auth/csrf-token returns the session token and sets both cookies', async () => {
    const s = await t.login('manager');
    const res = await t.as(s, { url: '/api/auth/csrf-token' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: s.csrf });
    expect(res.cookies.find((c) => c.name === COOKIE_NAMES.csrf)?.value).toBe(s.csrf);
    expect(res.cookies.find((c) => c.name === COOKIE_NAMES.sessionId)?.value).toBe(s.sessionId);
    expect((await t.inject({ url: '/api/auth/csrf-token' })).statusCode).toBe(401);
  });

  it('CSRF: a session mutation without the header or with a wrong one is 403 CSRF; the right one passes', async () => {
    const s = await t.login('manager');
    const other = await t.login('guest');
    const missing = await t.as(s, { method: 'POST', url: '/api/auth/user-activity/add', payload: activity, csrf: null });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({ success: false, code: 'CSRF', message: SERVER_MESSAGES.csrf });
    const wrong = await t.as(s, { method: 'POST', url: '/api/auth/user-activity/add', payload: activity, csrf: 'x'.repeat(43) });
    expect(wrong.json().code).toBe('CSRF');
    // another session's token is wrong too
    const foreign = await t.as(s, { method: 'POST', url: '/api/auth/user-activity/add', payload: activity, csrf: other.csrf });
    expect(foreign.json().code).toBe('CSRF');
    const right = await t.as(s, { method: 'POST', url: '/api/auth/user-activity/add', payload: activity });
    expect(right.statusCode).toBe(200);
  });

  it('logout ends the session server-side, clears the cookies, and the token then answers 401', async () => {
    const s = await t.login('manager');
    const res = await t.as(s, { method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SERVER_MESSAGES.loggedOut });
    const cleared = res.cookies.filter((c) => c.value === '');
    expect(cleared.map((c) => c.name).sort()).toEqual([COOKIE_NAMES.userDetails, COOKIE_NAMES.sessionId, COOKIE_NAMES.csrf].sort());
    expect((await t.as(s, { url: '/api/modules' })).json()).toEqual(UNAUTHENTICATED);
    expect((await rowOf(s.sessionId))?.endReason).toBe('logout');
    // signing out again (stale tab) still succeeds, so the SPA is never bounced to /token-expiry
    expect((await t.as(s, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
  });

  it('logout with a live session needs the CSRF header', async () => {
    const s = await t.login('manager');
    expect((await t.as(s, { method: 'POST', url: '/api/auth/logout', csrf: null })).statusCode).toBe(403);
    expect((await t.as(s, { url: '/api/modules' })).statusCode).toBe(200);
  });

  it('ends a session idle longer than 10 minutes with reason idle (401)', async () => {
    const s = await t.login('manager');
    t.clock.advance(9 * 60_000);
    expect((await t.as(s, { url: '/api/modules' })).statusCode).toBe(200);
    t.clock.advance(9 * 60_000); // active 9 minutes ago: still fine
    expect((await t.as(s, { url: '/api/modules' })).statusCode).toBe(200);
    t.clock.advance(10 * 60_000 + 1000);
    const res = await t.as(s, { url: '/api/modules' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
    const row = await rowOf(s.sessionId);
    expect(row?.endReason).toBe('idle');
    expect(row?.endedAt).toBeInstanceOf(Date);
  });

  it('the heartbeat keeps a session alive', async () => {
    const s = await t.login('manager');
    for (let i = 0; i < 3; i++) {
      t.clock.advance(8 * 60_000);
      expect((await t.as(s, { method: 'POST', url: '/api/auth/heartbeat' })).statusCode).toBe(200);
    }
    expect((await t.as(s, { url: '/api/modules' })).statusCode).toBe(200);
  });

  it('a remembered session survives 10 idle minutes but not 7 idle days', async () => {
    const s = await t.login('manager', true);
    t.clock.advance(60 * 60_000);
    expect((await t.as(s, { url: '/api/modules' })).statusCode).toBe(200);
    t.clock.advance(7 * 86_400_000 + 1000);
    expect((await t.as(s, { url: '/api/modules' })).statusCode).toBe(401);
    expect((await rowOf(s.sessionId))?.endReason).toBe('idle');
  });

  it('ends a session at its absolute lifetime (12 h) even when active, with reason expired', async () => {
    const s = await t.login('manager');
    // a heartbeat every 9 minutes (79 x 9 = 711 min): never idle, yet the 12 h lifetime runs out
    for (let i = 0; i < 79; i++) {
      t.clock.advance(9 * 60_000);
      expect((await t.as(s, { method: 'POST', url: '/api/auth/heartbeat' })).statusCode).toBe(200);
    }
    t.clock.advance(9 * 60_000);
    expect((await t.as(s, { url: '/api/modules' })).statusCode).toBe(401);
    expect((await rowOf(s.sessionId))?.endReason).toBe('expired');
  });

  it('writes last_seen at most every ~15 s', async () => {
    const s = await t.login('manager');
    const started = (await rowOf(s.sessionId))!.lastSeenAt.getTime();
    t.clock.advance(5_000);
    await t.as(s, { url: '/api/modules' });
    expect((await rowOf(s.sessionId))!.lastSeenAt.getTime()).toBe(started);
    t.clock.advance(15_000);
    await t.as(s, { url: '/api/modules' });
    expect((await rowOf(s.sessionId))!.lastSeenAt.getTime()).toBeGreaterThan(started);
  });
});
