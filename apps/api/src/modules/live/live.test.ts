import { LIVE_API_PATHS, PERMISSION_KEYS } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLive } from '../../test/live-client.js';
import { resetTokenOf } from '../../test/mailbox.js';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app.js';
import { loginWithKeys } from '../roles/testing.js';
import { csv, filePart, uploadParts, waitFinished } from '../bulk-uploads/bulk-uploads.testing.js';
import { createToneSetup, item, regenerateKey, sendBatch } from '../user-requests/user-requests.testing.js';
import { eq } from 'drizzle-orm';
import { clients, companies, rolePermissions } from '../../db/schema/index.js';

// Live updates (issue 18 part 4) through the real routes: the stream is authorised like the list
// it feeds, carries "what changed" after ingestion, a bulk job and session changes, and ends when
// its session does. Runs on the in-process bus (PGlite) and on LISTEN/NOTIFY with DATABASE_URL.
const HEARTBEAT_MS = 300;

let t: TestApp;
let admin: TestSession;
let apiKey: string;
let codes: string[];
beforeAll(async () => {
  t = await createTestApp({ liveHeartbeatMs: HEARTBEAT_MS });
  admin = await t.login('admin');
  apiKey = (await regenerateKey(t, admin, admin.userId)).key;
  codes = (await createToneSetup(t, 1)).codes;
});
afterAll(() => t?.close());

const open = (s: TestSession | undefined, url: string) =>
  openLive(t.app, { method: 'GET', url: `/api${url}`, headers: s ? { authorization: `Bearer ${s.token}` } : {} });

const ingest = async (n: number) => {
  const res = await sendBatch(t, apiKey, { requests: Array.from({ length: n }, () => item(codes[0]!)) });
  expect(res.statusCode, res.body).toBe(200);
};

describe('GET /live/tone-home', () => {
  it('is an event stream that says ready, then tells of ingested requests (counts, never rows)', async () => {
    const s = await open(admin, LIVE_API_PATHS.toneHome);
    expect(s.statusCode).toBe(200);
    expect(s.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(s.headers['cache-control']).toBe('no-cache, no-store');
    expect(s.headers['x-accel-buffering']).toBe('no');
    expect(JSON.parse((await s.next('ready')).data)).toEqual({ heartbeatMs: HEARTBEAT_MS });
    await ingest(3);
    expect(JSON.parse((await s.next('user-requests')).data)).toEqual({ topic: 'user-requests', count: 3 });
    // Heartbeat comments keep proxies from closing it.
    await s.next('comment', 2000);
    s.close();
  });

  it('merges a burst: at most one event per topic a second, with the counts added up', async () => {
    const s = await open(admin, LIVE_API_PATHS.toneHome);
    await s.next('ready');
    for (let i = 0; i < 5; i++) await ingest(2);
    const first = JSON.parse((await s.next('user-requests')).data) as { count: number };
    const second = JSON.parse((await s.next('user-requests', 3000, 1)).data) as { count: number };
    expect(first.count + second.count).toBe(10);
    await new Promise((r) => setTimeout(r, 1200));
    expect(s.messages.filter((m) => m.event === 'user-requests')).toHaveLength(2);
    s.close();
  });

  it('refuses anonymous callers (401) and roles without the list key (403)', async () => {
    const anonymous = await open(undefined, LIVE_API_PATHS.toneHome);
    expect(anonymous.statusCode).toBe(401);
    const other = await loginWithKeys(t, [PERMISSION_KEYS.clients.view]);
    const refused = await open(other, LIVE_API_PATHS.toneHome);
    expect(refused.statusCode).toBe(403);
    await refused.ended();
    expect(JSON.parse(refused.text())).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('the stream ends with its session', () => {
  it('on logout', async () => {
    const s = await t.login('admin');
    const live = await open(s, LIVE_API_PATHS.toneHome);
    await live.next('ready');
    const out = await t.as(s, { method: 'POST', url: '/api/auth/logout' });
    expect(out.statusCode).toBe(200);
    expect(JSON.parse((await live.next('end', 3000)).data)).toEqual({ reason: 'session-ended' });
    await live.ended(3000);
  });

  it('when another session revokes it', async () => {
    const s = await t.login('admin');
    const live = await open(s, LIVE_API_PATHS.productDashboard);
    await live.next('ready');
    const res = await t.as(admin, { method: 'POST', url: `/api/user-sessions/${s.sessionId}/end` });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse((await live.next('end', 3000)).data)).toEqual({ reason: 'session-ended' });
    await live.ended(3000);
  });

  it('when it goes idle (checked at each heartbeat, without keeping the session alive)', async () => {
    const s = await t.login('admin');
    const live = await open(s, LIVE_API_PATHS.toneHome);
    await live.next('ready');
    // Heartbeats alone do not count as activity.
    await live.next('comment', 2000, 2);
    t.clock.advance(t.app.config.idleTimeoutMs + 1000);
    expect(JSON.parse((await live.next('end', 3000)).data)).toEqual({ reason: 'session-ended' });
    await live.ended(3000);
    expect((await t.as(s, { url: '/api/modules' })).statusCode).toBe(401);
    // The moved clock made every session of this app idle: the tests after this one sign in again.
    admin = await t.login('admin');
  });

  it('when its role loses the key (checked at the next heartbeat)', async () => {
    const s = await loginWithKeys(t, [PERMISSION_KEYS.toneHome.view]);
    const live = await open(s, LIVE_API_PATHS.toneHome);
    await live.next('ready');
    await t.app.db.delete(rolePermissions).where(eq(rolePermissions.roleId, s.roleId));
    expect(JSON.parse((await live.next('end', 3000)).data)).toEqual({ reason: 'forbidden' });
    await live.ended(3000);
  });

  it('when the app closes (so closing never waits for open streams)', async () => {
    const other = await createTestApp({ liveHeartbeatMs: HEARTBEAT_MS });
    const s = await other.login('admin');
    const live = await openLive(other.app, { url: `/api${LIVE_API_PATHS.toneHome}`, headers: { authorization: `Bearer ${s.token}` } });
    await live.next('ready');
    await other.close();
    expect(JSON.parse((await live.next('end')).data)).toEqual({ reason: 'shutdown' });
    await live.ended();
  });
});

describe('a password reset', () => {
  it('ends the user’s streams at once, not at their next heartbeat', async () => {
    const slow = await createTestApp({ liveHeartbeatMs: 60_000 });
    try {
      const s = await slow.login('manager');
      const live = await openLive(slow.app, {
        method: 'GET',
        url: `/api${LIVE_API_PATHS.userSessions}`,
        headers: { authorization: `Bearer ${s.token}` },
      });
      await live.next('ready');
      const since = Date.now();
      await slow.inject({ method: 'POST', url: '/api/auth/request-password', payload: { email: 'manager@example.com' } });
      const resetToken = resetTokenOf(await slow.mailbox.waitFor('manager@example.com', since));
      const done = await slow.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { resetToken, newPassword: 'A-new-Passw0rd-for-live' },
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(JSON.parse((await live.next('end', 3000)).data)).toEqual({ reason: 'session-ended' });
      await live.ended(3000);
    } finally {
      await slow.close();
    }
  });
});

describe('GET /live/user-sessions', () => {
  it('tells a user of their own sessions only, unless they hold user-sessions.view-all', async () => {
    const own = await loginWithKeys(t, [PERMISSION_KEYS.userSessions.view]);
    const live = await open(own, LIVE_API_PATHS.userSessions);
    await live.next('ready');
    const all = await open(admin, LIVE_API_PATHS.userSessions);
    await all.next('ready');
    await t.login('manager');
    expect(JSON.parse((await all.next('sessions')).data)).toMatchObject({ topic: 'sessions' });
    await t.login({ email: own.email, password: 'Role-Test-Pass-517' });
    expect(JSON.parse((await live.next('sessions', 3000)).data)).toEqual({ topic: 'sessions', userId: own.userId });
    expect(live.messages.filter((m) => m.event === 'sessions')).toHaveLength(1);
    live.close();
    all.close();
  });
});

describe('GET /live/bulk-uploads/manage-actions', () => {
  it('tells of a new upload and of its job finishing', async () => {
    const [company] = await t.app.db.insert(companies).values({ name: 'Live Co' }).returning();
    const [client] = await t.app.db.insert(clients).values({ name: 'Live client', companyId: company!.id, type: 'demo' }).returning();
    const live = await open(admin, LIVE_API_PATHS.bulkUploads('manage-actions'));
    await live.next('ready');
    const media = await open(admin, LIVE_API_PATHS.bulkUploads('demo-media'));
    await media.next('ready');
    const sheet = csv([
      ['name', 'actionType', 'value', 'toneCode', 'status'],
      ['Live action', 'call', '+3225550123', '', 'active'],
    ]);
    const res = await uploadParts(t, admin, 'manage-actions', { clientId: client!.id }, [filePart('live.csv', sheet)]);
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json<{ data: { id: number }[] }>().data[0]!.id;
    expect(JSON.parse((await live.next('bulk-uploads')).data)).toEqual({ topic: 'bulk-uploads', kind: 'manage-actions', uploadIds: [id] });
    await waitFinished(t, id);
    // The job's own "finished" event (merged with any progress tick inside the throttle window).
    expect(JSON.parse((await live.next('bulk-uploads', 5000, 1)).data)).toMatchObject({ uploadIds: [id] });
    expect(media.messages.filter((m) => m.event === 'bulk-uploads')).toHaveLength(0);
    live.close();
    media.close();
  });
});

describe('across replicas', () => {
  it('Redis pub/sub: an ingestion on one app reaches a stream on another', async () => {
    const prefix = `live-test-${process.pid}-${Date.now()}:`;
    const redisUrl = `${process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'}/0?keyPrefix=${prefix}`;
    const [a, b] = await Promise.all([createTestApp({ redisUrl }), createTestApp({ redisUrl })]);
    try {
      const [adminA, adminB] = await Promise.all([a.login('admin'), b.login('admin')]);
      const live = await openLive(b.app, { url: `/api${LIVE_API_PATHS.toneHome}`, headers: { authorization: `Bearer ${adminB.token}` } });
      await live.next('ready');
      const key = (await regenerateKey(a, adminA, adminA.userId)).key;
      const code = (await createToneSetup(a, 1)).codes[0]!;
      expect((await sendBatch(a, key, { requests: [item(code), item(code)] })).statusCode).toBe(200);
      expect(JSON.parse((await live.next('user-requests')).data)).toEqual({ topic: 'user-requests', count: 2 });
      live.close();
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it.skipIf(!process.env.DATABASE_URL)('PostgreSQL LISTEN/NOTIFY: two apps on one database hear each other', async () => {
    const b = await createTestApp({ databaseUrl: t.app.config.databaseUrl });
    try {
      const adminB = await b.login('admin');
      const live = await openLive(b.app, { url: `/api${LIVE_API_PATHS.toneHome}`, headers: { authorization: `Bearer ${adminB.token}` } });
      await live.next('ready');
      await ingest(4);
      expect(JSON.parse((await live.next('user-requests')).data)).toEqual({ topic: 'user-requests', count: 4 });
      live.close();
    } finally {
      await b.close();
    }
  });
});
