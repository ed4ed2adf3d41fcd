// Issue 8 figures (tones portal), in-process on a throw-away database (PGlite in memory, or one
// created on the server of BENCH_DATABASE_URL and dropped afterwards):
// - ingestion: rows/s through HTTP (POST /api/device/user-requests, batches of 1000, real sockets,
//   rollups kept) divided by rows/s of COPY FROM of the same rows into user_requests (no rollups).
//   Goal >= 0.5 (issue 17; 0.25 before).
// - dashboards: p50 of GET /dashboard + /home + /home/analytics + /home/recents at 1 million user
//   requests divided by the p50 at 10 thousand. Goal <= 1.5 (they read the rollups, not the table).
//   With BENCH_TONES_10M=1 (PostgreSQL advised) it also measures at 10 million:
//   BENCH_DATABASE_URL=postgres://... BENCH_TONES_10M=1 npm run bench -- ingest
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { buildApp } from '../../../apps/api/src/app';
import { seedBulkUserRequests } from '../../../apps/api/src/db/seed/user-requests';
import { createTestDatabase } from '../../../apps/api/src/test/test-db';
import { sha256 } from '../../../apps/api/src/lib/tokens';
import { median, round, summary } from '../lib/stats';
import type { Benchmark, Measurement } from '../lib/types';
import { sized } from '../lib/short';

const BATCHES = sized(20, 2);
const BATCH = 1000;
const DASH_ITERATIONS = sized(30, 3);
/** The dashboards' two cases: 10 thousand user requests, then 1 million (the short pass: 12 thousand). */
const SMALL = 10_000;
const LARGE = sized(1_000_000, 12_000);
const count = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);
const ADMIN = { email: 'bench-tones-admin@example.com', password: 'Bench-Tones-Pass-8812' };
const DASH_URLS = ['/api/dashboard', '/api/home', '/api/home/analytics', '/api/home/recents'];

type RawClient = { query(text: string, params?: unknown[], options?: { blob?: Blob }): Promise<{ rows: unknown[] }> };

export const ingestBenchmark: Benchmark = {
  name: 'ingest',
  description: `ingestion over HTTP vs COPY (${BATCHES} x ${BATCH} rows), dashboards at ${count(LARGE)} vs ${count(SMALL)} user requests`,
  async run() {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-tones-'));
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
      rateLimitIngestPerMinute: 1_000_000,
      ...database.overrides,
    });
    try {
      await app.ready();
      const raw = (app.db as unknown as { $client: RawClient }).$client;
      const apiKey = randomUUID() + randomUUID();
      await raw.query('update users set api_key_hash = $1 where email = $2', [sha256(apiKey), ADMIN.email]);
      await seedBulkUserRequests(app.db, 10_000, { devices: 500 });
      const codes = (
        (await raw.query(`select code from tone_sequences where status = 'active' order by id`)).rows as { code: string }[]
      ).map((r) => r.code);
      const makeBatch = (b: number) =>
        Array.from({ length: BATCH }, (_, i) => ({
          eventId: randomUUID(),
          deviceCode: `BENCH-${(b * BATCH + i) % 2000}`,
          toneCode: codes[i % codes.length]!,
          requestedAt: new Date(Date.now() - ((i * 7919) % 86_400_000)).toISOString(),
          platform: (['android', 'ios', 'web', 'other'] as const)[i % 4],
          deviceModel: 'Pixel 8',
          osVersion: '14',
          appVersion: '2.4.0',
        }));
      const batches = Array.from({ length: BATCHES }, (_, b) => makeBatch(b));

      // HTTP: a real socket, one batch after another (a device fleet's sustained throughput per connection).
      await app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/device/user-requests`;
      const post = async (requests: unknown[]) => {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
          body: JSON.stringify({ requests }),
        });
        if (res.status !== 200) throw new Error(`ingestion answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
        const body = (await res.json()) as { accepted: number };
        if (body.accepted !== requests.length) throw new Error(`accepted ${body.accepted} of ${requests.length}`);
      };
      await post(makeBatch(99)); // warm-up
      const h0 = performance.now();
      for (const b of batches) await post(b);
      const httpSeconds = (performance.now() - h0) / 1000;

      // COPY of the same rows (fresh event ids, so nothing conflicts), resolved columns as stored,
      // the key owner's user id included: ingestion stores it, so COPY pays its foreign-key check
      // and its place in the (user, event id) index too.
      const ownerId = ((await raw.query('select id from users where email = $1', [ADMIN.email])).rows[0] as { id: number }).id;
      const seq = (
        (await raw.query(`select id, location_id, code from tone_sequences where status = 'active'`)).rows as {
          id: number;
          location_id: number;
          code: string;
        }[]
      ).reduce((m, r) => m.set(r.code, r), new Map<string, { id: number; location_id: number }>());
      const csv = batches
        .flat()
        .map((r) => {
          const s = seq.get(r.toneCode)!;
          return [
            ownerId,
            randomUUID(),
            r.deviceCode,
            s.id,
            s.location_id,
            r.toneCode,
            r.platform,
            r.deviceModel,
            r.osVersion,
            r.appVersion,
            r.requestedAt,
          ].join(',');
        })
        .join('\n');
      const columns =
        '(user_id, event_id, device_code, tone_sequence_id, location_id, tone_code, platform, device_model, os_version, app_version, requested_at)';
      const c0 = performance.now();
      if (kind === 'pglite') {
        await raw.query(`copy user_requests ${columns} from '/dev/blob' with (format csv)`, [], { blob: new Blob([csv]) });
      } else {
        // The app's own pool (node-postgres): one connection streams the COPY.
        type PoolClient = { query<T>(stream: T): T; release(): void };
        const client = await (raw as unknown as { connect(): Promise<PoolClient> }).connect();
        try {
          await pipeline(Readable.from([csv]), client.query(copyFrom(`copy user_requests ${columns} from stdin with (format csv)`)));
        } finally {
          client.release();
        }
      }
      const copySeconds = (performance.now() - c0) / 1000;
      const rows = BATCHES * BATCH;
      const out: Measurement[] = [
        {
          id: 'ingest.http.rows-per-s',
          label: 'ingestion over HTTP (batches of 1000)',
          value: Math.round(rows / httpSeconds),
          unit: 'rows/s',
        },
        { id: 'ingest.copy.rows-per-s', label: 'COPY FROM of the same rows', value: Math.round(rows / copySeconds), unit: 'rows/s' },
        {
          id: 'ingest.ratio',
          label: 'ingestion HTTP / COPY',
          value: round(copySeconds / httpSeconds, 2),
          unit: 'x',
          goal: { op: '>=', value: 0.5 },
          details: { database: kind, rows, httpSeconds: round(httpSeconds, 2), copySeconds: round(copySeconds, 2) },
        },
      ];

      const dashboards = async () => {
        // Signed in afresh each time: seeding 9 million rows outlasts the 10-minute idle limit of a session.
        const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
        const headers = { authorization: `Bearer ${login.json<{ data: { accessToken: string } }>().data.accessToken}` };
        const samples: number[] = [];
        for (let i = 0; i < DASH_ITERATIONS + 3; i++) {
          const t0 = performance.now();
          for (const u of DASH_URLS) {
            const res = await app.inject({ url: u, headers });
            if (res.statusCode !== 200) throw new Error(`${u} answered ${res.statusCode}`);
          }
          if (i >= 3) samples.push(performance.now() - t0);
        }
        return samples;
      };
      // Back to exactly 10k: the rows above are dropped, rollups rebuilt.
      await raw.query('delete from user_requests');
      await seedBulkUserRequests(app.db, SMALL, { devices: 500 });
      await raw.query('analyze');
      const small = await dashboards();
      const s0 = performance.now();
      await seedBulkUserRequests(app.db, LARGE - SMALL, { devices: sized(20_000, 500) });
      await raw.query('analyze');
      const seedSeconds = (performance.now() - s0) / 1000;
      const large = await dashboards();
      out.push(
        {
          id: 'dash.10k.p50',
          label: `dashboards (4 calls) at ${count(SMALL)} user requests p50`,
          value: round(median(small), 1),
          unit: 'ms',
          details: summary(small),
        },
        {
          id: 'dash.1m.p50',
          label: `dashboards (4 calls) at ${count(LARGE)} user requests p50`,
          value: round(median(large), 1),
          unit: 'ms',
          details: summary(large),
        },
        {
          id: 'dash.ratio',
          label: `dashboards p50 ${count(LARGE)} / ${count(SMALL)}`,
          value: round(median(large) / median(small), 2),
          unit: 'x',
          goal: { op: '<=', value: 1.5 },
          details: { database: kind, seedSecondsToLarge: round(seedSeconds, 1) },
        },
      );
      if (process.env.BENCH_TONES_10M === '1') {
        await seedBulkUserRequests(app.db, 9_000_000, { devices: 100_000 });
        await raw.query('analyze');
        const huge = await dashboards();
        out.push(
          {
            id: 'dash.10m.p50',
            label: 'dashboards (4 calls) at 10M user requests p50',
            value: round(median(huge), 1),
            unit: 'ms',
            details: summary(huge),
          },
          {
            id: 'dash.ratio10m',
            label: 'dashboards p50 10M / 10k',
            value: round(median(huge) / median(small), 2),
            unit: 'x',
            goal: { op: '<=', value: 1.5 },
          },
        );
      }
      return out;
    } finally {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
