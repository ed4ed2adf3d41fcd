// Two API replicas, one queue worker and HAProxy (deploy/haproxy/haproxy.cfg) on one PostgreSQL
// and Redis, as README "Deployment and scale-out" documents: what one replica does, the other
// sees at once. Calls go straight to a replica (A, B) or through the load balancer (LB).
import { randomUUID } from 'node:crypto';
import { bulkUploadPaths, LIVE_API_PATHS } from '@console/contract';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkUploads, devices, manageActions, userRequests } from '../../db/schema/index.js';
import { ADMIN, type Cluster, LIMITS, logOf, startCluster } from './cluster.js';
import { addUser, apiKeyOf, clientId, csv, disableUser, ingestItem, toneCode } from './fixtures.js';
import { type Answer, call, callInTwoParts, multipart, newClientAddress, openLiveStream, type Session, signIn } from './http.js';

let c: Cluster;
let A: string;
let B: string;
let LB: string;
let admin: Session;
const sessionOk = (base: string, s: Session) => call(base, '/api/auth/csrf-token', { as: s }).then((r) => r.status);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  c = await startCluster();
  [A, B] = c.apis.map((api) => api.url);
  LB = c.lbUrl;
  admin = await signIn(A, ADMIN);
});
afterAll(() => c?.close());

describe('sessions are shared by the replicas', () => {
  it('a sign-in on A works on B and through the load balancer, CSRF included', async () => {
    const s = await signIn(A, ADMIN);
    expect(await sessionOk(B, s)).toBe(200);
    expect((await call(B, '/api/auth/heartbeat', { method: 'POST', as: s })).status).toBe(200);
    expect(await sessionOk(LB, s)).toBe(200);
  });

  it('a logout on B ends the session on A at once', async () => {
    const user = await addUser(LB, admin);
    const s = await signIn(A, user);
    expect(await sessionOk(A, s)).toBe(200);
    expect((await call(B, '/api/auth/logout', { method: 'POST', as: s })).status).toBe(200);
    expect(await sessionOk(A, s)).toBe(401);
    expect(await sessionOk(LB, s)).toBe(401);
  });

  it('a user disabled on B is signed out on A at once and cannot sign in again', async () => {
    const user = await addUser(LB, admin);
    const s = await signIn(A, user);
    expect(await sessionOk(A, s)).toBe(200);
    expect((await disableUser(B, admin, user)).status).toBe(200);
    expect(await sessionOk(A, s)).toBe(401);
    const again = await call(A, '/api/auth/login', { json: { email: user.email, password: user.password } });
    expect(again.json()).toMatchObject({ success: false });
  });
});

describe('limits are counted across the replicas (Redis)', () => {
  it('sign-in attempts per client address: A, B and the load balancer share one count', async () => {
    const from = newClientAddress();
    const attempt = (base: string, headers?: Record<string, string>) =>
      call(base, '/api/auth/login', { from, headers, json: { email: 'nobody@example.com', password: 'Wrong-Pass-123' } });
    const statuses: number[] = [];
    for (const base of [A, B, LB, B]) statuses.push((await attempt(base)).status);
    expect(statuses).toEqual(Array(LIMITS.loginPerMinute).fill(400));
    for (const base of [A, B, LB]) {
      const res = await attempt(base);
      expect(res.status).toBe(429);
      expect(res.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    }
    // The load balancer writes the address it saw: a client's own X-Forwarded-For changes nothing.
    expect((await attempt(LB, { 'x-forwarded-for': newClientAddress() })).status).toBe(429);
    expect((await call(LB, '/api/auth/login', { json: { email: 'nobody@example.com', password: 'Wrong-Pass-123' } })).status).toBe(400);
  });

  it('ingestion batches per API key: A, B and the load balancer share one count', async () => {
    const code = await toneCode(c);
    const key = await apiKeyOf(LB, admin, (await addUser(LB, admin)).id);
    const send = (base: string, apiKey = key) =>
      call(base, '/api/device/user-requests', { headers: { 'x-api-key': apiKey }, json: { requests: [ingestItem(code, 'DEV-LIMIT')] } });
    const statuses: number[] = [];
    for (const base of [A, B, LB]) statuses.push((await send(base)).status);
    expect(statuses).toEqual(Array(LIMITS.ingestPerMinute).fill(200));
    for (const base of [A, B]) expect((await send(base)).json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    // Counted per key: another key of the same deployment is not affected.
    expect((await send(B, await apiKeyOf(LB, admin, admin.userId))).status).toBe(200);
  });
});

describe('work done once across processes', () => {
  it('one batch sent to A, B and the load balancer at once is stored once', async () => {
    const code = await toneCode(c);
    const user = await addUser(LB, admin);
    const key = await apiKeyOf(LB, admin, user.id);
    const batch = { requests: Array.from({ length: 20 }, (_, i) => ingestItem(code, `DEV-DUP-${i % 4}`)) };
    const answers = await Promise.all(
      [A, B, LB].map((base) => call(base, '/api/device/user-requests', { headers: { 'x-api-key': key }, json: batch })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const bodies = answers.map((a) => a.json<{ accepted: number; duplicates: number }>());
    expect(bodies.reduce((n, b) => n + b.accepted, 0)).toBe(20);
    expect(bodies.reduce((n, b) => n + b.duplicates, 0)).toBe(40);
    const [stored] = await c.db.select({ n: count() }).from(userRequests).where(eq(userRequests.userId, user.id));
    expect(stored!.n).toBe(20);
    const [counted] = await c.db
      .select({ n: sql<number>`sum(${devices.requests})::int` })
      .from(devices)
      .where(eq(devices.userId, user.id));
    expect(counted!.n).toBe(20);
  });

  it('a bulk upload sent through the load balancer is processed once, by the worker (replicas run QUEUE_WORKERS=false)', async () => {
    const client = await clientId(c);
    const rows = Array.from({ length: 5 }, (_, i) => [`Open ${i}`, 'open-url', `https://example.com/${i}`, '', 'active']);
    const form = multipart({ clientId: client }, [
      { name: 'files', filename: 'actions.csv', content: csv([['name', 'actionType', 'value', 'toneCode', 'status'], ...rows]) },
    ]);
    const res = await call(LB, `/api${bulkUploadPaths('manage-actions').upload}`, { as: admin, ...form });
    expect(res.status, res.text).toBe(202);
    const id = res.json<{ data: { id: number }[] }>().data[0]!.id;
    const row = await finished(id);
    expect(row).toMatchObject({ status: 'completed', total: 5, done: 5, failed: 0 });
    const [made] = await c.db.select({ n: count() }).from(manageActions).where(eq(manageActions.clientId, client));
    expect(made!.n).toBe(5);
    const jobs = (await c.db.execute(
      sql`select id::text, state, retry_count from pgboss.job where name = 'bulk-upload' and (data->>'uploadId')::int = ${id}`,
    )) as unknown as { rows: { id: string; state: string; retry_count: number }[] };
    expect(jobs.rows).toEqual([{ id: expect.any(String), state: 'completed', retry_count: 0 }]);
    // The job lines (job id) are in the worker's log only.
    expect(logOf(c.worker.logFile)).toContain(jobs.rows[0]!.id);
    for (const api of c.apis) expect(logOf(api.logFile)).not.toContain(jobs.rows[0]!.id);
  });
});

describe('live updates across processes (Redis pub/sub)', () => {
  it('a stream on A hears ingestion on B and the worker’s bulk progress, and ends when the session is logged out on B', async () => {
    const s = await signIn(A, ADMIN);
    const home = await openLiveStream(A, `/api${LIVE_API_PATHS.toneHome}`, s);
    const bulk = await openLiveStream(A, `/api${LIVE_API_PATHS.bulkUploads('manage-actions')}`, s);
    expect([home.status, bulk.status]).toEqual([200, 200]);
    await Promise.all([home.next('ready'), bulk.next('ready')]);

    const code = await toneCode(c);
    const key = await apiKeyOf(LB, admin, (await addUser(LB, admin)).id);
    const sent = await call(B, '/api/device/user-requests', {
      headers: { 'x-api-key': key },
      json: { requests: [ingestItem(code, 'DEV-LIVE')] },
    });
    expect(sent.status).toBe(200);
    expect(JSON.parse((await home.next('user-requests')).data)).toEqual({ topic: 'user-requests', count: 1 });

    const form = multipart({ clientId: await clientId(c) }, [
      {
        name: 'files',
        filename: 'live.csv',
        content: csv([
          ['name', 'actionType', 'value', 'toneCode', 'status'],
          ['Live 1', 'open-url', 'https://example.com/l', '', 'active'],
        ]),
      },
    ]);
    const res = await call(B, `/api${bulkUploadPaths('manage-actions').upload}`, { as: admin, ...form });
    expect(res.status, res.text).toBe(202);
    const id = res.json<{ data: { id: number }[] }>().data[0]!.id;
    await finished(id);
    // B's "received", then the worker's progress and "finished" (replicas run no jobs), merged at most once a second.
    const events = [await bulk.next('bulk-uploads', 10_000), await bulk.next('bulk-uploads', 10_000, 1)];
    for (const e of events) expect(JSON.parse(e.data)).toMatchObject({ kind: 'manage-actions', uploadIds: expect.arrayContaining([id]) });

    expect((await call(B, '/api/auth/logout', { method: 'POST', as: s })).status).toBe(200);
    for (const stream of [home, bulk]) {
      expect(JSON.parse((await stream.next('end')).data)).toEqual({ reason: 'session-ended' });
      await stream.ended();
    }
  });
});

async function finished(id: number) {
  for (let i = 0; i < 300; i++) {
    const [row] = await c.db.select().from(bulkUploads).where(eq(bulkUploads.id, id));
    if (row && row.status !== 'pending' && row.status !== 'processing') return row;
    await sleep(200);
  }
  throw new Error(`upload ${id} not finished after 60 s (worker log: ${c.worker.logFile})`);
}

describe('a replica killed mid-request', () => {
  it('its client gets a 502 in the error shape; every other request is answered by the other replica', async () => {
    // An upload whose body stops after its first part: it stays in flight on whichever replica took it.
    const probe = randomUUID();
    const form = multipart({ clientId: 1 }, [{ name: 'files', filename: 'a.csv', content: Buffer.alloc(256 * 1024, 'x') }]);
    const slow = callInTwoParts(LB, `/api${bulkUploadPaths('manage-actions').upload}?probe=${probe}`, { as: admin, ...form });
    const holder = await replicaLogging(probe);
    const other = c.apis.find((api) => api !== holder)!;

    const answered: Answer[] = [];
    let hammering = true;
    const hammer = (async () => {
      while (hammering) answered.push(await call(LB, '/api/auth/csrf-token', { as: admin }));
    })();
    holder.process!.kill('SIGKILL');
    const cut = await slow.answer;
    slow.finish();
    expect(cut.status).toBe(502);
    expect(cut.json()).toEqual({ success: false, code: 'UNAVAILABLE', message: expect.any(String) });
    // Through the load balancer, reads and writes keep working while the check takes the replica out.
    for (let i = 0; i < 10; i++) answered.push(await call(LB, '/api/auth/csrf-token', { as: admin }));
    expect((await call(LB, '/api/auth/heartbeat', { method: 'POST', as: admin })).status).toBe(200);
    hammering = false;
    await hammer;
    expect(answered.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.text}`)).toEqual([]);
    expect(await sessionOk(other.url, admin)).toBe(200);

    // Started again (as a container runtime would), it serves the same sessions.
    await holder.restart();
    expect(await sessionOk(holder.url, admin)).toBe(200);
  });
});

/** The replica whose log shows the request carrying `probe` (request lines are logged at info). */
async function replicaLogging(probe: string) {
  for (let i = 0; i < 100; i++) {
    const found = c.apis.find((api) => logOf(api.logFile).includes(probe));
    if (found) return found;
    await sleep(100);
  }
  throw new Error(`no replica logged the request ${probe} (logs in ${c.logDir})`);
}
