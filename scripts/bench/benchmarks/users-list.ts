// Issue 3 figures on 100k users, in-process (buildApp on its own database: PGlite in memory, or
// a throw-away database created on the server of BENCH_DATABASE_URL (or DATABASE_URL) and
// dropped afterwards, so the 100k rows never land in the database you point it at):
// - GET /api/users with 500 rows per page (app.inject, full Fastify pipeline: auth, permission
//   check, zod validation and serialisation) p50, divided by the p50 of the same SQL sent bare
//   through the driver (the page query and its count, as the list needs both) + JSON.stringify.
//   Goal <= 1.5. Two pages: the default order (page 1) and a deep page sorted by e-mail.
// - GET /api/users/export/csv of all 100k users over HTTP: peak RSS growth of the process
//   (server and reading client together). Goal < 100 MB.
// The details also carry the count strategy comparison (separate count(*) vs count(*) OVER ()).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../apps/api/src/app';
import { createTestDatabase } from '../../../apps/api/src/test/test-db';
import { median, round, summary } from '../lib/stats';
import type { Benchmark, Measurement } from '../lib/types';
import { sized } from '../lib/short';

const USERS = sized(100_000, 2_000);
const ITERATIONS = sized(60, 3);
const ADMIN = { email: 'bench-list-admin@example.com', password: 'Bench-List-Pass-5521' };

type RawClient = { query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }> };

// The same statements the users list sends (see usersList in apps/api/src/modules/users).
const PAGE_COLUMNS = `u.id, u.role_id, r.name as role_name, u.company_id, c.name as company_name, u.firstname, u.lastname,
  u.email, u.phone, u.profile, u.primary_color, u.secondary_color, u.status, u.two_factor_enabled,
  (u.api_key_hash is not null) as has_api_key, u.last_login_at, u.created_at, u.updated_at`;
const FROM = 'from users u left join roles r on r.id = u.role_id left join companies c on c.id = u.company_id';
const pageSql = (order: string) => `select ${PAGE_COLUMNS} ${FROM} order by ${order} limit $1 offset $2`;
const windowSql = (order: string) => `select ${PAGE_COLUMNS}, count(*) over () as total ${FROM} order by ${order} limit $1 offset $2`;
const COUNT_SQL = `select count(*) ${FROM}`;

/** The middle of the list: page 100 of 200 (the short pass: 2 of 4). */
const DEEP_PAGE = USERS / 1000;

const CASES = [
  {
    id: 'default',
    label: 'page 1, default order (newest first)',
    query: 'page=1&limit=500',
    order: 'u.created_at desc, u.id desc',
    offset: 0,
  },
  {
    id: 'email',
    label: `page ${DEEP_PAGE}, sorted by e-mail`,
    query: `page=${DEEP_PAGE}&limit=500&sortField=email&sortOrder=asc`,
    order: 'u.email asc, u.id asc',
    offset: (DEEP_PAGE - 1) * 500,
  },
] as const;

export const usersListBenchmark: Benchmark = {
  name: 'users-list',
  description: `users list (500 rows/page) vs bare SQL + JSON.stringify, and CSV export memory, on ${USERS / 1000}k users`,
  async run() {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-users-'));
    // PGlite in memory, or a throw-away database on that server (createTestDatabase reads DATABASE_URL).
    if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
    const database = await createTestDatabase();
    const kind = database.overrides.databaseUrl ? 'postgres' : 'pglite';
    const app = await buildApp({
      logLevel: 'silent',
      dataDir,
      webDistDir: path.join(dataDir, 'no-web'),
      seedDemo: false,
      adminEmail: ADMIN.email,
      adminPassword: ADMIN.password,
      rateLimitLoginPerMinute: 100_000,
      ...database.overrides,
    });
    try {
      await app.ready();
      const raw = (app.db as unknown as { $client: RawClient }).$client;
      const seedStart = performance.now();
      await raw.query(`insert into companies (name) select 'Bench company ' || g from generate_series(1, 50) g`);
      await raw.query(`
        insert into users (role_id, company_id, firstname, lastname, email, password_hash, status, created_at, last_login_at)
        select 2 + (g % 2), (select min(id) from companies) + (g % 50), 'First' || (g % 977), 'Last' || (g % 1999),
               'user' || g || '@bench.example', 'not-a-hash', case when g % 10 = 0 then 'inactive' else 'active' end,
               now() - (g * interval '1 minute'), case when g % 3 = 0 then null else now() - (g * interval '30 seconds') end
        from generate_series(1, ${USERS}) g`);
      await raw.query('analyze');
      const seedMs = performance.now() - seedStart;

      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
      const token = login.json<{ data: { accessToken: string } }>().data.accessToken;
      const headers = { authorization: `Bearer ${token}` };

      const out: Measurement[] = [];
      const details: Record<string, unknown> = { users: USERS, seedSeconds: round(seedMs / 1000, 1), database: kind };
      for (const c of CASES) {
        const api = async () => {
          const res = await app.inject({ method: 'GET', url: `/api/users?${c.query}`, headers });
          if (res.statusCode !== 200) throw new Error(`GET /api/users answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
          return res.body.length;
        };
        const bare = async () => {
          const [rows, count] = await Promise.all([raw.query(pageSql(c.order), [500, c.offset]), raw.query(COUNT_SQL)]);
          return JSON.stringify({ data: rows.rows, total: Number((count.rows[0] as { count: unknown }).count) }).length;
        };
        const barePage = async () => JSON.stringify((await raw.query(pageSql(c.order), [500, c.offset])).rows).length;
        const bareWindow = async () => JSON.stringify((await raw.query(windowSql(c.order), [500, c.offset])).rows).length;
        // One call of each in turn, many times: drift (GC, CPU boost, other load) hits every variant alike.
        const samples = { api: [] as number[], bare: [] as number[], barePage: [] as number[], bareWindow: [] as number[] };
        const time = async (into: number[], fn: () => Promise<unknown>) => {
          const t0 = performance.now();
          await fn();
          into.push(performance.now() - t0);
        };
        for (let i = 0; i < 5; i++) {
          await api();
          await bare();
          await barePage();
        }
        for (let i = 0; i < ITERATIONS; i++) {
          await time(samples.bare, bare);
          await time(samples.api, api);
          await time(samples.barePage, barePage);
          if (i % 8 === 0) await time(samples.bareWindow, bareWindow);
        }
        const ratio = median(samples.api) / median(samples.bare);
        out.push(
          {
            id: `users-list.${c.id}.api.p50`,
            label: `users list ${c.label}: API p50`,
            value: round(median(samples.api), 1),
            unit: 'ms',
            details: summary(samples.api),
          },
          {
            id: `users-list.${c.id}.bare.p50`,
            label: `users list ${c.label}: bare SQL (page + count) + JSON p50`,
            value: round(median(samples.bare), 1),
            unit: 'ms',
            details: summary(samples.bare),
          },
          {
            id: `users-list.${c.id}.ratio`,
            label: `users list ${c.label}: API / bare`,
            value: round(ratio, 2),
            unit: 'x',
            goal: { op: '<=', value: 1.5 },
          },
        );
        details[`${c.id}.barePageOnly.p50`] = round(median(samples.barePage), 1);
        details[`${c.id}.windowCount.p50`] = round(median(samples.bareWindow), 1);
        details[`${c.id}.apiVsPageOnly`] = round(median(samples.api) / median(samples.barePage), 2);
      }

      // CSV export of every user over HTTP, read and discarded by a client in this process.
      await app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/users/export/csv`;
      (globalThis as { gc?: () => void }).gc?.();
      await new Promise((r) => setTimeout(r, 200));
      const before = process.memoryUsage().rss;
      let peak = before;
      const timer = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 5);
      const t0 = performance.now();
      let bytes = 0;
      let lines = 0;
      try {
        const res = await fetch(url, { headers });
        if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          bytes += chunk.length;
          for (const b of chunk) if (b === 10) lines++;
        }
      } finally {
        clearInterval(timer);
      }
      peak = Math.max(peak, process.memoryUsage().rss);
      const exportMs = performance.now() - t0;
      if (lines !== USERS + 2) throw new Error(`export wrote ${lines} lines, expected ${USERS + 2} (header + admin + users)`);
      out.push({
        id: 'users-export.csv.rss',
        label: `CSV export of ${USERS / 1000}k users: peak RSS increase`,
        value: round((peak - before) / 1048576, 1),
        unit: 'MB',
        goal: { op: '<=', value: 100 },
        details: {
          ...details,
          exportSeconds: round(exportMs / 1000, 1),
          exportMB: round(bytes / 1048576, 1),
          rssBeforeMB: round(before / 1048576, 1),
        },
      });
      return out;
    } finally {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
