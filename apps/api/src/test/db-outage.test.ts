import net from 'node:net';
import { type BulkUploadFile, SERVER_MESSAGES } from '@console/contract';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { companies } from '../db/schema/index.js';
import { csv, filePart, uploadParts, waitFinished } from '../modules/bulk-uploads/bulk-uploads.testing.js';
import { createTestApp, sleep, type TestApp, type TestSession, USERS } from './test-app.js';

// Issue 17: the database going away under a running server. The app reaches the shared
// PostgreSQL server through a TCP proxy in this process, which the test cuts (live connections
// destroyed, new ones closed at once, as when the server stops) and restores; the server itself
// is never stopped. Runs on the PostgreSQL tier (DATABASE_URL set): PGlite lives in-process.

const baseUrl = loadConfig().databaseUrl;
const ROWS = 20_000;

/** A TCP proxy to `target` whose link the test cuts and restores. */
async function cuttableProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let up = true;
  const server = net.createServer((client) => {
    client.on('error', () => {});
    if (!up) return void client.destroy();
    const upstream = net.connect(target);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      up = false;
      for (const s of sockets) s.destroy();
    },
    restore() {
      up = true;
    },
    // server.close waits for open connections: a client the app did not end would hold the teardown.
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        for (const s of sockets) s.destroy();
      }),
  };
}

/** The request's answer, or a failure naming it when it has not settled in `ms` (a hang, not a slow answer). */
async function settles(what: string, request: Promise<LightMyRequestResponse>, ms = 30_000) {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not settle within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([request, hung]);
  } finally {
    clearTimeout(timer);
  }
}

function expectUnavailable(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(503);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  const body = res.json<{ success: boolean; message: string; code: string }>();
  expect(body).toMatchObject({ success: false, code: 'UNAVAILABLE', message: SERVER_MESSAGES.unavailable });
  expect(res.body).not.toMatch(/stack|ECONN|Connection terminated|postgres:\/\//i);
}

describe.runIf(baseUrl?.startsWith('postgres'))('database outage on PostgreSQL', () => {
  let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
  let t: TestApp;
  let admin: TestSession;
  let companyId: number;
  let direct: (sql: string, params?: unknown[]) => Promise<pg.QueryResult>;
  let database = '';

  beforeAll(async () => {
    const target = new URL(baseUrl!);
    proxy = await cuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
    t = await createTestApp(
      { logLevel: 'silent' },
      {
        databaseVia: (settings) => {
          const url = new URL(settings.databaseUrl!);
          database = url.pathname;
          url.host = `127.0.0.1:${proxy.port}`;
          return { ...settings, databaseUrl: url.toString() };
        },
      },
    );
    // The test's own look at the database, around the proxy.
    direct = async (sql, params) => {
      const url = new URL(baseUrl!);
      url.pathname = database;
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return await client.query(sql, params);
      } finally {
        await client.end();
      }
    };
    admin = await t.login('admin');
    const [company] = await t.app.db.insert(companies).values({ name: 'Outage Co' }).returning();
    companyId = company!.id;
  });
  afterAll(async () => {
    proxy?.restore();
    // Closing waits for checked-out clients for 5 s at most (db/client.ts), then cuts them.
    const started = Date.now();
    await t?.close();
    expect(Date.now() - started).toBeLessThan(20_000);
    await proxy?.close();
  });

  const addClient = (name: string) => t.as(admin, { method: 'POST', url: '/api/client/add', payload: { name, companyId } });
  const calls = {
    list: () => t.as(admin, { url: '/api/client?search=Outage' }),
    detail: () => t.as(admin, { url: `/api/about/${admin.userId}` }),
    write: () => addClient('Outage client B'),
    signIn: () => t.inject({ method: 'POST', url: '/api/auth/login', payload: { ...USERS.admin, rememberMe: false } }),
    health: () => t.inject({ url: '/api/health' }),
  };

  it('answers 503 + Retry-After while the database is away, serves again after, and keeps every acknowledged write once', async () => {
    expect((await addClient('Outage client A')).statusCode).toBe(200);

    // A bulk job under way when the link goes.
    const header = ['name', 'actionType', 'value', 'toneCode', 'status'];
    const rows = Array.from({ length: ROWS }, (_, i) => [
      `Outage action ${i + 1}`,
      'open-url',
      `https://example.com/${i + 1}`,
      '',
      'active',
    ]);
    const clientId = (await addClient('Outage bulk client')).json<{ data: { id: number } }>().data.id;
    const upload = await uploadParts(t, admin, 'manage-actions', { clientId }, [filePart('actions.csv', csv([header, ...rows]))]);
    expect(upload.statusCode, upload.body).toBe(202);
    const uploadId = upload.json<{ data: BulkUploadFile[] }>().data[0]!.id;
    for (let status = ''; status !== 'processing'; await sleep(20)) {
      status = (await direct('SELECT status FROM bulk_uploads WHERE id = $1', [uploadId])).rows[0].status;
      expect(status, 'the job finished before the cut: raise ROWS').toMatch(/^(pending|processing)$/);
    }

    proxy.cut();
    const imported = Number((await direct('SELECT count(*) FROM manage_actions WHERE client_id = $1', [clientId])).rows[0].count);
    expect(imported, 'the cut should land mid-import').toBeLessThan(ROWS);
    for (const [what, call] of Object.entries(calls)) expectUnavailable(await settles(what, call()));
    // Twice more: a pool whose connections are all gone does not start hanging on later calls.
    for (const [what, call] of Object.entries(calls)) {
      if (what !== 'health') expectUnavailable(await settles(what, call()));
    }
    await sleep(1_500);
    proxy.restore();

    // The same app serves again, without a restart.
    for (const end = Date.now() + 30_000; (await calls.health()).statusCode !== 200; await sleep(200)) {
      if (Date.now() > end) throw new Error('health did not come back');
    }
    expect((await settles('list', calls.list())).statusCode).toBe(200);
    expect((await settles('detail', calls.detail())).statusCode).toBe(200);
    expect((await settles('sign-in', calls.signIn())).statusCode).toBe(200);
    expect((await addClient('Outage client C')).statusCode).toBe(200);

    const names = await direct('SELECT name, count(*)::int AS n FROM clients WHERE name LIKE $1 GROUP BY name ORDER BY name', [
      'Outage client %',
    ]);
    expect(names.rows).toEqual([
      { name: 'Outage client A', n: 1 },
      { name: 'Outage client C', n: 1 },
    ]);

    // The job resumes by itself (its pg-boss retry) and imports every row exactly once.
    const done = await waitFinished(t, uploadId, 45_000);
    expect(done.status).toBe('completed');
    const actions = await direct('SELECT count(*)::int AS n, count(DISTINCT name)::int AS names FROM manage_actions WHERE client_id = $1', [
      clientId,
    ]);
    expect(actions.rows[0]).toEqual({ n: ROWS, names: ROWS });

    // Every connection the outage broke went back to the pool: none is still held by a
    // transaction whose BEGIN failed (db/pg-transaction.ts), so the pool keeps its full size.
    const pool = (t.app.db as unknown as { $client: pg.Pool }).$client;
    for (const end = Date.now() + 10_000; pool.totalCount !== pool.idleCount && Date.now() < end; ) await sleep(100);
    expect(pool.totalCount - pool.idleCount, 'pool clients still checked out after the outage').toBe(0);
  });
});
