// Login p50 through the real HTTP server, divided by the p50 of one argon2id verify with the
// API's own parameters (its hashPassword). Goal <= 1.3: the rest of the login path (HTTP,
// validation, SQL, session insert) costs at most 30 % on top of the password check.
import { hashPassword, verifyPassword } from '../../../apps/api/src/lib/passwords';
import { BENCH_ADMIN } from '../lib/context';
import { loopbackClient } from '../lib/loopback-client';
import { median, round, summary, timeIt } from '../lib/stats';
import type { Benchmark } from '../lib/types';
import { sized } from '../lib/short';

const ROUNDS = sized(6, 1);
const PER_ROUND = sized(5, 2);

export const loginBenchmark: Benchmark = {
  name: 'login',
  description: 'POST /api/auth/login p50 vs one argon2id verify p50',
  async run(ctx) {
    const app = await ctx.app();
    const hash = await hashPassword(BENCH_ADMIN.password);
    const params = /\$argon2id\$v=\d+\$([^$]+)\$/.exec(hash)?.[1] ?? 'unknown';

    // A kept-alive node:http connection, as a browser keeps one (lib/loopback-client.ts); fetch's
    // figures stay beside it for reference, in the same rounds.
    const client = loopbackClient(app.url);
    const credentials = { email: BENCH_ADMIN.email, password: BENCH_ADMIN.password };
    const login = async () => {
      const res = await client.post('/api/auth/login', credentials);
      const body = JSON.parse(res.body()) as { responseType?: boolean };
      if (res.statusCode !== 200 || body.responseType !== true) throw new Error(`login answered ${res.statusCode}: ${res.body()}`);
    };
    const loginByFetch = async () => {
      const res = await fetch(`${app.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(credentials),
      });
      if (res.status !== 200) throw new Error(`login answered ${res.status}`);
      await res.arrayBuffer();
    };
    const verify = async () => {
      if (!(await verifyPassword(hash, BENCH_ADMIN.password))) throw new Error('argon2 verify failed');
    };

    // warm up both paths, then interleave short blocks so drift (CPU boost, GC) hits both alike
    for (let i = 0; i < 3; i++) {
      await login();
      await verify();
    }
    const health = async () => {
      const res = await client.get('/api/health');
      if (res.statusCode !== 200) throw new Error(`health answered ${res.statusCode}`);
    };
    const logins: number[] = [];
    const fetchLogins: number[] = [];
    const verifies: number[] = [];
    const healths: number[] = [];
    const block = { warmup: 0, iterations: PER_ROUND };
    try {
      for (let r = 0; r < ROUNDS; r++) {
        verifies.push(...(await timeIt(verify, block)));
        logins.push(...(await timeIt(login, block)));
        healths.push(...(await timeIt(health, block)));
        fetchLogins.push(...(await timeIt(loginByFetch, block)));
      }
    } finally {
      client.close();
    }
    const ratio = median(logins) / median(verifies);
    return [
      { id: 'login.p50', label: 'login p50 (HTTP, real server)', value: round(median(logins), 1), unit: 'ms', details: summary(logins) },
      {
        id: 'argon2.p50',
        label: `argon2id verify p50 (${params})`,
        value: round(median(verifies), 1),
        unit: 'ms',
        details: summary(verifies),
      },
      // reference only: the same sign-in through fetch, and the floor of one HTTP round trip with one database query
      {
        id: 'login.fetch.p50',
        label: 'login p50 through fetch (reference)',
        value: round(median(fetchLogins), 1),
        unit: 'ms',
        details: summary(fetchLogins),
      },
      {
        id: 'health.p50',
        label: 'GET /api/health p50 (reference)',
        value: round(median(healths), 1),
        unit: 'ms',
        details: summary(healths),
      },
      { id: 'login.ratio', label: 'login p50 / argon2 verify p50', value: round(ratio, 2), unit: 'x', goal: { op: '<=', value: 1.3 } },
    ];
  },
};
