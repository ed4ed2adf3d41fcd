import { HEADER_NAMES, SERVER_MESSAGES, type UserSession } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type SessionList = { data: UserSession[]; total: number; totalPages: number };

describe('user sessions', () => {
  it('POST /auth/user-sessions/add records the session named by x-session-id when it is the bearer session', async () => {
    const s = await t.login('manager');
    const ok = await t.as(s, {
      method: 'POST',
      url: '/api/auth/user-sessions/add',
      headers: { [HEADER_NAMES.sessionId]: s.sessionId },
      payload: { name: 'user-session' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: SERVER_MESSAGES.sessionRecorded, data: { sessionId: s.sessionId } });

    const other = await t.login('manager');
    const mismatch = await t.as(s, {
      method: 'POST',
      url: '/api/auth/user-sessions/add',
      headers: { [HEADER_NAMES.sessionId]: other.sessionId },
      payload: { name: 'user-session' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ code: 'VALIDATION', fieldErrors: { [HEADER_NAMES.sessionId]: expect.any(String) } });
    const noCsrf = await t.as(s, {
      method: 'POST',
      url: '/api/auth/user-sessions/add',
      headers: { [HEADER_NAMES.sessionId]: s.sessionId },
      payload: {},
      csrf: null,
    });
    expect(noCsrf.json().code).toBe('CSRF');
  });

  it('lists own sessions with duration, current flag and end reasons', async () => {
    const old = await t.login('guest');
    await t.as(old, { method: 'POST', url: '/api/auth/logout' });
    const s = await t.login('manager');
    t.clock.advance(60_000);
    await t.as(s, { method: 'POST', url: '/api/auth/heartbeat' });
    const res = await t.as(s, { url: '/api/user-sessions?page=1&limit=100' });
    expect(res.statusCode).toBe(200);
    const body = res.json<SessionList>();
    expect(body.data.every((r) => r.userId === s.userId)).toBe(true);
    expect(body.total).toBe(body.data.length);
    expect(body.totalPages).toBe(1);
    const current = body.data.filter((r) => r.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ id: s.sessionId, endedAt: null, endReason: null, ip: '127.0.0.1', rememberMe: false });
    expect(current[0]!.durationMs).toBeGreaterThanOrEqual(60_000);
    // newest first by default
    const started = body.data.map((r) => r.startedAt);
    expect([...started].sort().reverse()).toEqual(started);
  });

  it('shows sessions that ran out while unused as ended', async () => {
    const idle = await t.login('manager');
    t.clock.advance(11 * 60_000);
    const s = await t.login('manager');
    const body = (await t.as(s, { url: '/api/user-sessions?limit=100' })).json<SessionList>();
    expect(body.data.find((r) => r.id === idle.sessionId)).toMatchObject({ endReason: 'idle' });
  });

  it("a user cannot read another user's sessions by changing userId; the super admin can", async () => {
    const manager = await t.login('manager');
    const guest = await t.login('guest');
    const denied = await t.as(manager, { url: `/api/user-sessions?userId=${guest.userId}` });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const own = await t.as(manager, { url: `/api/user-sessions?userId=${manager.userId}` });
    expect(own.statusCode).toBe(200);

    const admin = await t.login('admin');
    const theirs = (await t.as(admin, { url: `/api/user-sessions?userId=${guest.userId}` })).json<SessionList>();
    expect(theirs.data.length).toBeGreaterThan(0);
    expect(theirs.data.every((r) => r.userId === guest.userId)).toBe(true);
  });

  it('needs user-sessions.view: the guest role gets 403', async () => {
    const guest = await t.login('guest');
    expect((await t.as(guest, { url: '/api/user-sessions' })).statusCode).toBe(403);
  });

  it("ends own other sessions with user-sessions.revoke, but not someone else's", async () => {
    const s = await t.login('manager');
    const other = await t.login('manager');
    const res = await t.as(s, { method: 'POST', url: `/api/user-sessions/${other.sessionId}/end` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SERVER_MESSAGES.sessionEnded });
    expect((await t.as(other, { url: '/api/modules' })).statusCode).toBe(401);
    expect((await t.as(s, { url: '/api/modules' })).statusCode).toBe(200);

    const admin = await t.login('admin');
    const forbidden = await t.as(s, { method: 'POST', url: `/api/user-sessions/${admin.sessionId}/end` });
    expect(forbidden.statusCode).toBe(403);
    expect((await t.as(admin, { url: '/api/modules' })).statusCode).toBe(200);

    const missing = await t.as(s, { method: 'POST', url: '/api/user-sessions/00000000-0000-4000-8000-000000000000/end' });
    expect(missing.statusCode).toBe(404);
    const invalid = await t.as(s, { method: 'POST', url: '/api/user-sessions/not-a-uuid/end' });
    expect(invalid.statusCode).toBe(400);
  });

  it("the super admin ends anyone's session", async () => {
    const admin = await t.login('admin');
    const guest = await t.login('guest');
    expect((await t.as(admin, { method: 'POST', url: `/api/user-sessions/${guest.sessionId}/end` })).statusCode).toBe(200);
    expect((await t.as(guest, { url: '/api/modules' })).statusCode).toBe(401);
    const list = (await t.as(admin, { url: `/api/user-sessions?userId=${guest.userId}&limit=100` })).json<SessionList>();
    expect(list.data.find((r) => r.id === guest.sessionId)?.endReason).toBe('revoked');
  });

  it('the guest without revoke keys cannot end even own sessions', async () => {
    const guest = await t.login('guest');
    const other = await t.login('guest');
    expect((await t.as(guest, { method: 'POST', url: `/api/user-sessions/${other.sessionId}/end` })).statusCode).toBe(403);
  });
});
