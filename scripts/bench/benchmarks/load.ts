// Issue 17 "Load": the real server (the built bundle, ctx.app(), on its own database) under
// CONNECTIONS concurrent keep-alive connections for SECONDS, with autocannon, each connection
// cycling through a mix of what the console and the device fleet send: lists, details, an edit,
// an export (signed in: bearer token, session cookies and the CSRF header, as the SPA sends
// them) and ingestion batches (API key). Goal: no error at all (a socket error, a timeout or any
// answer but 2xx). Reported: p50 and p99 latency and requests/s, each also as a ratio to the
// same autocannon run against a bare Fastify (another process) answering a constant: what the
// app's work costs on top of HTTP on this machine, measured in the same run.
// BENCH_LOAD_SECONDS (default 60) and BENCH_LOAD_CONNECTIONS (default 100) shorten a quick pass:
//   BENCH_LOAD_SECONDS=10 npm run bench -- load
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { ROOT } from '../../lib/app-server';
import { BENCH_ADMIN } from '../lib/context';
import { round } from '../lib/stats';
import type { Benchmark, Measurement } from '../lib/types';
import { sized } from '../lib/short';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? sized(60, 3));
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? sized(100, 10));
const WARM_UP_SECONDS = Math.min(5, Math.max(1, Math.round(SECONDS / 10)));
/** Items per ingestion call: a device app's buffered reports (the ingest benchmark sends 1000). */
const INGEST_ITEMS = 20;
const ROLES = 50;
const TONES = 5;

type Session = { token: string; csrf: string; cookie: string; userId: number };
type Call = { name: string; method: 'GET' | 'POST' | 'PATCH'; path: string; body?: () => string; apiKey?: boolean };
type Tally = Map<string, Map<number, number>>;

async function signIn(base: string): Promise<Session> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_ADMIN.email, password: BENCH_ADMIN.password }),
  });
  const body = (await res.json()) as { data?: { accessToken: string; user: { id: number } } };
  if (res.status !== 200 || !body.data) throw new Error(`sign-in answered ${res.status}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const csrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
  if (!csrf) throw new Error('sign-in set no XSRF-TOKEN cookie');
  return { token: body.data.accessToken, csrf: decodeURIComponent(csrf), cookie: cookies.join('; '), userId: body.data.user.id };
}

const sessionHeaders = (s: Session, body = true) => ({
  authorization: `Bearer ${s.token}`,
  cookie: s.cookie,
  'x-xsrf-token': s.csrf,
  ...(body ? { 'content-type': 'application/json' } : {}),
});

async function call<T>(base: string, s: Session, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: sessionHeaders(s, body !== undefined),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (res.status < 200 || res.status > 299) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

/** What the mix needs: a location with tone sequences (ingestion), roles to edit, an API key. */
async function prepare(base: string, s: Session) {
  const run = randomUUID().slice(0, 4).toUpperCase();
  const location = await call<{ data: { id: number } }>(base, s, 'POST', '/locations/add', { name: `Load ${run}` });
  const codes = Array.from({ length: TONES }, (_, i) => `LD${run}${i}`);
  for (const code of codes)
    await call(base, s, 'POST', '/tone-sequences/add', { name: `Load ${code}`, code, locationId: location.data.id });
  const roles: number[] = [];
  for (let i = 0; i < ROLES; i++)
    roles.push((await call<{ data: { id: number } }>(base, s, 'POST', '/roles/add', { name: `Load ${run} ${i}` })).data.id);
  const { apiKey } = await call<{ apiKey: string }>(base, s, 'PATCH', `/users/${s.userId}/regenerate-api-key`);
  return { codes, roles, apiKey, device: `LOAD-${run}-0` };
}

function mix(p: Awaited<ReturnType<typeof prepare>>, userId: number): Call[] {
  let n = 0;
  const ingest: Call = {
    name: 'ingest',
    method: 'POST',
    path: '/api/device/user-requests',
    apiKey: true,
    body: () => {
      const at = new Date().toISOString();
      const requests = Array.from({ length: INGEST_ITEMS }, (_, i) => ({
        eventId: randomUUID(),
        deviceCode: `LOAD-${p.device.split('-')[1]}-${(n + i) % 500}`,
        toneCode: p.codes[(n + i) % p.codes.length],
        requestedAt: at,
        platform: 'android',
        deviceModel: 'Pixel 8',
        osVersion: '14',
        appVersion: '2.4.0',
      }));
      n += INGEST_ITEMS;
      return JSON.stringify({ requests });
    },
  };
  return [
    { name: 'list companies', method: 'GET', path: '/api/companies?page=1&limit=10' },
    ingest,
    { name: 'device detail', method: 'GET', path: `/api/user-request/device-code?deviceCode=${p.device}&page=1&limit=10` },
    { name: 'list users', method: 'GET', path: '/api/users?page=1&limit=10' },
    { name: 'edit role', method: 'PATCH', path: '/api/roles/update/:id' }, // the role rotates, see fire()
    ingest,
    { name: 'profile detail', method: 'GET', path: `/api/about/${userId}` },
    { name: 'list user requests', method: 'GET', path: '/api/user-request?page=1&limit=10' },
    { name: 'export roles csv', method: 'GET', path: '/api/roles/export/csv' },
    ingest,
  ];
}

/** One autocannon run of the mix against `base`; `tally` counts answers per call and status. */
function fire(base: string, calls: Call[], s: Session, apiKey: string, roles: number[], seconds: number, tally?: Tally) {
  let edit = 0;
  return autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 30,
    requests: calls.map((c) => ({
      method: c.method,
      path: c.path,
      headers: c.apiKey ? { 'content-type': 'application/json', 'x-api-key': apiKey } : sessionHeaders(s, c.method !== 'GET'),
      setupRequest: (req: autocannon.Request) => {
        if (c.path.endsWith(':id')) {
          // An edit of one of the prepared roles, in turn; its name stays unique (it carries the id).
          const id = roles[edit++ % roles.length];
          return {
            ...req,
            path: c.path.replace(':id', String(id)),
            body: JSON.stringify({ name: `Load role ${id}`, description: `edit ${edit}` }),
          };
        }
        return c.body ? { ...req, body: c.body() } : req;
      },
      onResponse: (status: number) => {
        if (!tally) return;
        const byStatus = tally.get(c.name) ?? new Map<number, number>();
        byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
        tally.set(c.name, byStatus);
      },
    })),
  });
}

/** A bare Fastify in its own process (as the app is) answering every route with a constant. */
async function startBaseline(): Promise<{ url: string; stop: () => void }> {
  const code = `import Fastify from 'fastify';
    const app = Fastify();
    app.all('/*', async () => ({ success: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    console.log('PORT ' + app.server.address().port);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (c) => reject(new Error(`baseline Fastify exited (${c})`)));
    child.stdout!.on('data', (d: Buffer) => {
      const m = /PORT (\d+)/.exec(d.toString());
      if (m) resolve(Number(m[1]));
    });
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

const failures = (r: autocannon.Result) => r.errors + r.timeouts + r.non2xx;

export const loadBenchmark: Benchmark = {
  name: 'load',
  description: `${CONNECTIONS} connections for ${SECONDS} s: lists, details, edits, exports and ingestion vs a bare Fastify`,
  async run(ctx) {
    const app = await ctx.app();
    const session = await signIn(app.url);
    const prepared = await prepare(app.url, session);
    const calls = mix(prepared, session.userId);
    const baseline = await startBaseline();
    try {
      // Warm-up (JIT, pools, caches) of both, unmeasured; then the app, then the baseline.
      await fire(app.url, calls, session, prepared.apiKey, prepared.roles, WARM_UP_SECONDS);
      await fire(baseline.url, calls, session, prepared.apiKey, prepared.roles, WARM_UP_SECONDS);
      const tally: Tally = new Map();
      const real = await fire(app.url, calls, session, prepared.apiKey, prepared.roles, SECONDS, tally);
      const bare = await fire(baseline.url, calls, session, prepared.apiKey, prepared.roles, SECONDS);
      const answers = Object.fromEntries([...tally].map(([name, byStatus]) => [name, Object.fromEntries(byStatus)]));
      const rps = (r: autocannon.Result) => round(r.requests.average, 0);
      // autocannon counts latency in whole milliseconds: a bare Fastify with few connections can
      // answer in "0 ms", and a ratio to it would be infinite. A baseline under 1 ms counts as 1.
      const latencyRatio = (ours: number, bare: number) => round(ours / Math.max(bare, 1), 1);
      return [
        {
          id: 'load.failures',
          label: `load: errors + timeouts + non-2xx (${real.requests.total} requests)`,
          value: failures(real),
          unit: 'requests',
          goal: { op: '<=', value: 0 },
          exact: true,
          details: { errors: real.errors, timeouts: real.timeouts, non2xx: real.non2xx, answers, baselineFailures: failures(bare) },
        },
        { id: 'load.p50', label: 'load p50 latency', value: real.latency.p50, unit: 'ms', details: { baseline: bare.latency.p50 } },
        { id: 'load.p99', label: 'load p99 latency', value: real.latency.p99, unit: 'ms', details: { baseline: bare.latency.p99 } },
        { id: 'load.rps', label: 'load requests/s', value: rps(real), unit: 'req/s', details: { baseline: rps(bare) } },
        { id: 'load.p50-ratio', label: 'load p50 / bare Fastify p50', value: latencyRatio(real.latency.p50, bare.latency.p50), unit: 'x' },
        { id: 'load.p99-ratio', label: 'load p99 / bare Fastify p99', value: latencyRatio(real.latency.p99, bare.latency.p99), unit: 'x' },
        {
          id: 'load.rps-ratio',
          label: 'load requests/s / bare Fastify requests/s',
          value: round(real.requests.average / bare.requests.average, 3),
          unit: 'x',
          details: { connections: CONNECTIONS, seconds: SECONDS, ingestItemsPerCall: INGEST_ITEMS, calls: calls.map((c) => c.name) },
        },
      ] satisfies Measurement[];
    } finally {
      baseline.stop();
    }
  },
};
