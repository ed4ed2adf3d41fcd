// Issue 17 "A 1-million-row list": GET /api/users and GET /api/user-request with 500 rows per page
// over BENCH_LIST_ROWS users and as many user requests (default 100k for a quick pass;
// BENCH_LIST_ROWS=1000000 for the README figures), over HTTP on this machine (lib/loopback-client.ts:
// auth, permission, zod validation, serialisation and the bytes sent; app.inject's own copies of
// the reply are left out, see there), on PostgreSQL when BENCH_DATABASE_URL (or DATABASE_URL) is set,
// else PGlite in memory. Measured, each as a ratio of p50s taken in the same run:
// - a page near the end / the first page (goal <= 1.3: no OFFSET scan, lib/list-page.ts);
// - each of them / the same page sent as bare SQL (plain ORDER BY ... LIMIT 500 OFFSET n with the
//   joins, + JSON.stringify) (goal <= 1.5);
// - text searches and each filter / the unfiltered first page (goal <= 2).
// The database is bench_list_scale_<rows> on that server, seeded by the seed script's generators
// (apps/api/src/db/seed) when its row counts differ; BENCH_LIST_KEEP=1 keeps it for the next run
// (seeding a million rows of each takes minutes), otherwise it is dropped.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../apps/api/src/app';
import { loadConfig } from '../../../apps/api/src/config';
import { type Db, openDatabase } from '../../../apps/api/src/db/client';
import { clearBulkRows, seedBulkUsers, vacuumListTables } from '../../../apps/api/src/db/seed/bulk-users';
import { seedBulkUserRequests } from '../../../apps/api/src/db/seed/user-requests';
import { adminQuery } from '../../../apps/api/src/test/test-db';
import { loopbackClient } from '../lib/loopback-client';
import { median, round, summary } from '../lib/stats';
import type { Benchmark, Measurement } from '../lib/types';
import { sized } from '../lib/short';

const ROWS = Number(process.env.BENCH_LIST_ROWS ?? sized(100_000, 2_000));
const KEEP = process.env.BENCH_LIST_KEEP === '1';
const ITERATIONS = sized(40, 3);
const WARM_UPS = sized(15, 1);
const LIMIT = 500;
const ADMIN = { email: 'bench-scale-admin@example.com', password: 'Bench-Scale-Pass-7731' };

type RawClient = { query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }> };
type Case = { id: string; label: string; url: string; bare?: string; goal?: { of: string; max: number } };

const USER_COLUMNS = `u.id, u.role_id, r.name as role_name, u.company_id, c.name as company_name, u.firstname, u.lastname,
  u.email, u.phone, u.profile, u.profile_name, u.primary_color, u.secondary_color, u.status, u.two_factor_enabled,
  (u.api_key_hash is not null) as has_api_key, u.last_login_at, u.created_at, u.updated_at`;
const USERS_FROM = 'from users u left join roles r on r.id = u.role_id left join companies c on c.id = u.company_id';
const REQUEST_COLUMNS = `x.id, x.event_id, x.device_code, x.location_id, l.name as location_name, x.tone_sequence_id,
  s.name as tone_sequence_name, x.tone_code, x.platform, x.device_model, x.os_version, x.app_version, x.requested_at, x.received_at`;
const REQUESTS_FROM = 'from user_requests x join locations l on l.id = x.location_id join tone_sequences s on s.id = x.tone_sequence_id';

function cases(users: number, requests: number, ids: { roleId: number; companyId: number; locationId: number }): Case[] {
  const deepUsers = Math.ceil(users / LIMIT) - 1;
  const deepRequests = Math.ceil(requests / LIMIT) - 1;
  const users1 = 'users.first';
  const requests1 = 'requests.first';
  const week = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  return [
    {
      id: users1,
      label: 'users page 1 (newest first)',
      url: `/users?page=1&limit=${LIMIT}`,
      bare: `select ${USER_COLUMNS} ${USERS_FROM} order by u.created_at desc, u.id desc limit ${LIMIT}`,
    },
    {
      id: 'users.deep',
      label: `users page ${deepUsers} (near the end)`,
      url: `/users?page=${deepUsers}&limit=${LIMIT}`,
      bare: `select ${USER_COLUMNS} ${USERS_FROM} order by u.created_at desc, u.id desc limit ${LIMIT} offset ${(deepUsers - 1) * LIMIT}`,
      goal: { of: users1, max: 1.3 },
    },
    { id: 'users.email.first', label: 'users by e-mail, page 1', url: `/users?page=1&limit=${LIMIT}&sortField=email&sortOrder=asc` },
    {
      id: 'users.email.deep',
      label: `users by e-mail, page ${deepUsers}`,
      url: `/users?page=${deepUsers}&limit=${LIMIT}&sortField=email&sortOrder=asc`,
      goal: { of: 'users.email.first', max: 1.3 },
    },
    {
      id: 'users.search.rare',
      label: 'users search "user4242"',
      url: `/users?limit=${LIMIT}&search=user4242`,
      goal: { of: users1, max: 2 },
    },
    { id: 'users.search.common', label: 'users search "jonas"', url: `/users?limit=${LIMIT}&search=jonas`, goal: { of: users1, max: 2 } },
    { id: 'users.status', label: 'users status=inactive', url: `/users?limit=${LIMIT}&status=inactive`, goal: { of: users1, max: 2 } },
    { id: 'users.role', label: 'users roleId filter', url: `/users?limit=${LIMIT}&roleId=${ids.roleId}`, goal: { of: users1, max: 2 } },
    {
      id: 'users.company',
      label: 'users companyId filter',
      url: `/users?limit=${LIMIT}&companyId=${ids.companyId}`,
      goal: { of: users1, max: 2 },
    },
    {
      id: requests1,
      label: 'user requests page 1 (newest first)',
      url: `/user-request?page=1&limit=${LIMIT}`,
      bare: `select ${REQUEST_COLUMNS} ${REQUESTS_FROM} order by x.requested_at desc, x.id desc limit ${LIMIT}`,
    },
    {
      id: 'requests.deep',
      label: `user requests page ${deepRequests} (near the end)`,
      url: `/user-request?page=${deepRequests}&limit=${LIMIT}`,
      bare: `select ${REQUEST_COLUMNS} ${REQUESTS_FROM} order by x.requested_at desc, x.id desc limit ${LIMIT} offset ${(deepRequests - 1) * LIMIT}`,
      goal: { of: requests1, max: 1.3 },
    },
    {
      id: 'requests.search.rare',
      label: 'user requests search "DEV-001234"',
      url: `/user-request?limit=${LIMIT}&search=DEV-001234`,
      goal: { of: requests1, max: 2 },
    },
    {
      id: 'requests.search.common',
      label: 'user requests search "iphone"',
      url: `/user-request?limit=${LIMIT}&search=iphone`,
      goal: { of: requests1, max: 2 },
    },
    {
      id: 'requests.platform',
      label: 'user requests platform=web',
      url: `/user-request?limit=${LIMIT}&platform=web`,
      goal: { of: requests1, max: 2 },
    },
    {
      id: 'requests.location',
      label: 'user requests locationId filter',
      url: `/user-request?limit=${LIMIT}&locationId=${ids.locationId}`,
      goal: { of: requests1, max: 2 },
    },
    {
      id: 'requests.dates',
      label: 'user requests from a week ago',
      url: `/user-request?limit=${LIMIT}&from=${week}`,
      goal: { of: requests1, max: 2 },
    },
  ];
}

/** The bench's database on the server: kept between runs with BENCH_LIST_KEEP=1, otherwise dropped. */
async function database() {
  const baseUrl = process.env.BENCH_DATABASE_URL ?? loadConfig().databaseUrl;
  if (!baseUrl) return { overrides: { pgliteDataDir: 'memory://' }, kind: 'pglite', drop: async () => {} };
  const name = `bench_list_scale_${ROWS}`;
  try {
    await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
  } catch (err) {
    if ((err as { code?: string }).code !== '42P04') throw err; // already there: reused
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    overrides: { databaseUrl: url.toString() },
    kind: 'postgres',
    drop: () => adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export const listScaleBenchmark: Benchmark = {
  name: 'list-scale',
  description: `users and user-request lists (500 rows/page) over ${ROWS.toLocaleString('en')} rows each: deep vs first page, vs bare SQL, filters`,
  async run() {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'));
    const db = await database();
    let client: ReturnType<typeof loopbackClient> | undefined;
    const app = await buildApp({
      logLevel: 'silent',
      dataDir,
      webDistDir: path.join(dataDir, 'no-web'),
      seedDemo: false,
      adminEmail: ADMIN.email,
      adminPassword: ADMIN.password,
      rateLimitLoginPerMinute: 100_000,
      ...db.overrides,
    });
    try {
      await app.ready();
      const raw = (app.db as unknown as { $client: RawClient }).$client;
      const one = async (text: string) => Number(Object.values((await raw.query(text)).rows[0] as object)[0]);
      const seedStart = performance.now();
      const haveUsers = await one(`select count(*) from users where email like '%@scale.example'`);
      const haveRequests = await one('select count(*) from user_requests');
      if (haveUsers !== ROWS || haveRequests !== ROWS) {
        // On PostgreSQL through a handle of its own, under the startup lock: the app's statements
        // time out after a minute, and a million rows with their indexes take longer.
        const seeder = db.kind === 'postgres' ? await openDatabase({ ...loadConfig(), ...db.overrides }) : undefined;
        const seed = async (target: Db) => {
          await clearBulkRows(target, { users: haveUsers !== ROWS, userRequests: haveRequests !== ROWS });
          if (haveUsers !== ROWS) await seedBulkUsers(target, ROWS);
          if (haveRequests !== ROWS) await seedBulkUserRequests(target, ROWS);
          await vacuumListTables(target);
        };
        if (seeder) await seeder.withStartupLock(() => seed(seeder.db)).finally(() => seeder.close());
        else await seed(app.db);
      }
      const seedMs = performance.now() - seedStart;
      const users = await one('select count(*) from users');
      const ids = {
        roleId: await one('select role_id from users group by 1 order by count(*) desc limit 1'),
        companyId: await one('select min(id) from companies'),
        locationId: await one('select min(location_id) from user_requests'),
      };

      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
      const headers = { authorization: `Bearer ${login.json<{ data: { accessToken: string } }>().data.accessToken}` };
      client = loopbackClient(await app.listen({ port: 0, host: '127.0.0.1' }));
      const http = client;
      const p50: Record<string, number> = {};
      const out: Measurement[] = [];
      const details: Record<string, unknown> = { rows: ROWS, users, database: db.kind, seedSeconds: round(seedMs / 1000, 1) };
      const all = cases(users, ROWS, ids);
      const api = async (c: Case) => {
        const res = await http.get(`/api${c.url}`, headers);
        if (res.statusCode !== 200) throw new Error(`GET ${c.url} answered ${res.statusCode}: ${res.body().slice(0, 200)}`);
        return res.bytes;
      };
      const bare = async (c: Case) => JSON.stringify((await raw.query(c.bare as string)).rows).length;
      const samples = new Map(all.map((c) => [c.id, { api: [] as number[], bare: [] as number[] }]));
      const time = async (into: number[], fn: () => Promise<unknown>) => {
        const t0 = performance.now();
        await fn();
        into.push(performance.now() - t0);
      };
      // Warm: the first case also pays for compiling the list's code paths (3 warm-ups left page
      // 1 of the users ~1.7x slower than the same page sorted by e-mail measured right after it).
      for (const c of all) for (let i = 0; i < WARM_UPS; i++) await api(c);
      // Every case once per round, so the pages a ratio compares are timed in the same seconds:
      // measured one case after another, a drift of the host's speed between two cases (this
      // machine's neighbours) moved a near-end / first-page ratio by a quarter.
      for (let i = 0; i < ITERATIONS; i++) {
        for (const c of all) {
          const into = samples.get(c.id) as { api: number[]; bare: number[] };
          await time(into.api, () => api(c));
          // A bare OFFSET scan of a million rows takes long: a few samples are enough for it.
          const bareEvery = c.bare?.includes('offset') ? 5 : 1;
          if (c.bare && i % bareEvery === 0) await time(into.bare, () => bare(c));
        }
      }
      for (const c of all) {
        const { api: apiSamples, bare: bareSamples } = samples.get(c.id) as { api: number[]; bare: number[] };
        p50[c.id] = median(apiSamples);
        out.push({
          id: `list-scale.${c.id}.p50`,
          label: `${c.label}: API p50`,
          value: round(p50[c.id], 1),
          unit: 'ms',
          details: summary(apiSamples),
        });
        if (c.bare) {
          out.push({
            id: `list-scale.${c.id}.vs-bare`,
            label: `${c.label}: API / bare SQL of the same page (${round(median(bareSamples), 1)} ms)`,
            value: round(p50[c.id] / median(bareSamples), 2),
            unit: 'x',
            goal: { op: '<=', value: 1.5 },
            details: summary(bareSamples),
          });
        }
        if (c.goal) {
          out.push({
            id: `list-scale.${c.id}.vs-${c.goal.of}`,
            label: `${c.label} / ${c.goal.of}`,
            value: round(p50[c.id] / (p50[c.goal.of] ?? Number.NaN), 2),
            unit: 'x',
            goal: { op: '<=', value: c.goal.max },
          });
        }
      }
      out[0] = { ...out[0], details: { ...details, ...out[0]?.details } } as Measurement;
      return out;
    } finally {
      client?.close();
      await app.close();
      if (!KEEP) await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
