import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { COOKIE_NAMES, HEADER_NAMES } from '@console/contract';
import { SERVER_NODE_ARGS } from '../../../../scripts/lib/ensure.mjs';
import { openDatabase } from '../db/client.js';
import { createTestDatabase } from './test-db.js';

// The harness of the crash tests (not a test file itself): the server process (src/server.ts) on
// a data dir of its own, started, killed with SIGKILL and started again on the same data. Its
// database is PGlite in the data dir, or, with DATABASE_URL set (.ci/run), a database of its own
// on that server, dropped by remove().

const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Preloaded into the server: kills it where the environment says (crash-hook.fixture.mjs). */
const HOOK = pathToFileURL(fileURLToPath(new URL('./crash-hook.fixture.mjs', import.meta.url))).href;
/**
 * The server is the API bundle, run as `npm start` runs it (the api project's global setup rebuilds it
 * when src/ is newer, seed-image.ts). A restart is then PGlite's recovery and the app's start, not
 * compiling the sources again: about 3 s against 5 s with tsx on an idle 2-core machine, and the
 * crash proofs restart the server some thirty times.
 */
const SERVER = [...SERVER_NODE_ARGS, '--import', HOOK, 'dist/server.mjs'];
export const CRASH_ADMIN = { email: 'admin@example.com', password: 'Crash-Admin-Pass-551' };
/** The demo users' password (manager@, agent@, guest@example.com). */
export const CRASH_DEMO_PASSWORD = 'Crash-Demo-Pass-551';
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Where the server kills itself (crash-hook.fixture.mjs): a bulk-upload step, or a step of another
 * channel, or (channel 'sql') the nth statement matching a regular expression, before or after it ran.
 */
export type CrashPoint = string | { channel?: string; at: string; nth?: number; when?: 'before' | 'after' };

type Query = (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A server on a fresh temp data dir (`dir`); `remove()` kills it and deletes the dir (and database).
 * `ownTmp`: the server's temp dir is `dir`/tmp (to look for left-over temp files). `embedded`:
 * PGlite even when DATABASE_URL is set. On PostgreSQL a job whose worker was killed
 * stays active until it expires (pg-boss cannot tell a dead worker from a slow one on another
 * machine; the bulk job's expiry is an hour), so a test that kills mid-job runs on PGlite, whose
 * queue fails such orphans at start (job-queue.ts).
 */
export function crashServer(prefix: string, opts: { env?: NodeJS.ProcessEnv; embedded?: boolean; ownTmp?: boolean } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  let server: ChildProcess | undefined;
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let base = '';
  let auth: Record<string, string> = {};

  /** The end of the server's log (stdout and stderr of every start), for a failure's message. */
  const logTail = () => readFileSync(path.join(dir, 'server.log'), 'utf8').slice(-3000);

  /** Starts the server and waits until it answers; `crashAt` names where it kills itself. */
  async function start(crashAt?: CrashPoint) {
    database ??= opts.embedded ? { overrides: {}, drop: async () => {} } : await createTestDatabase();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const point = typeof crashAt === 'string' ? { at: crashAt } : crashAt;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      APP_URL: base,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: CRASH_ADMIN.email,
      ADMIN_PASSWORD: CRASH_ADMIN.password,
      SEED_DEMO_PASSWORD: CRASH_DEMO_PASSWORD,
      RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
      CRASH_CHANNEL: point?.channel ?? '',
      CRASH_AT: point?.at ?? '',
      CRASH_NTH: String(point?.nth ?? 1),
      CRASH_WHEN: point?.when ?? 'after',
      ...(opts.ownTmp ? { TMPDIR: path.join(dir, 'tmp') } : {}),
      ...opts.env,
    };
    delete env.DATABASE_URL;
    if (database.overrides.databaseUrl) env.DATABASE_URL = database.overrides.databaseUrl;
    // A test that looks for left-over temp files gives the server a temp dir of its own.
    if (env.TMPDIR) mkdirSync(env.TMPDIR, { recursive: true });
    const child = spawn(process.execPath, SERVER, {
      cwd: API_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log = createWriteStream(path.join(dir, 'server.log'), { flags: 'a' });
    child.stdout!.pipe(log);
    child.stderr!.pipe(log);
    server = child;
    // Generous: a PGlite start (migrations included) on a busy shared machine.
    for (const end = Date.now() + 300_000; Date.now() < end; await sleep(200)) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`server exited with ${child.exitCode ?? child.signalCode}:\n${logTail()}`);
      }
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
    }
    throw new Error('server not healthy in time');
  }

  /** Resolves once the server process is gone (killed by the test or by its crash hook). */
  async function exited() {
    const child = server;
    server = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise((r) => child.once('exit', r));
  }

  async function kill() {
    const child = server;
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited();
  }

  /** A clean stop (SIGTERM): the server lets running jobs finish and records their end, as in production. */
  async function stop() {
    const child = server;
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited();
  }

  async function login(who: { email: string; password: string } = CRASH_ADMIN) {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...who, rememberMe: false }),
    });
    const body = (await res.json()) as { data: { accessToken: string } };
    const csrf = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith(`${COOKIE_NAMES.csrf}=`))
      ?.slice(COOKIE_NAMES.csrf.length + 1);
    auth = { authorization: `Bearer ${body.data.accessToken}`, [HEADER_NAMES.csrf]: csrf ?? '' };
  }

  /** A raw request to /api`url` with the admin session of login(). */
  function request(method: string, url: string, body?: unknown, init: RequestInit = {}) {
    return fetch(`${base}/api${url}`, {
      method,
      headers: { ...auth, ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
      ...init,
    });
  }

  async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
    const res = await request(method, url, body);
    if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}\n${logTail()}`);
    return (await res.json()) as T;
  }

  /**
   * Runs `fn` with a query function on the server's database, the server being down (PGlite
   * admits one process; on PostgreSQL it would not matter, but the tests look at a stopped system).
   */
  async function withDatabase<T>(fn: (q: Query) => Promise<T>): Promise<T> {
    await exited();
    const handle = await openDatabase({ databaseUrl: database?.overrides.databaseUrl, pgliteDataDir: path.join(dir, 'pglite') });
    const client = (handle.db as unknown as { $client: { query(t: string, v?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> } })
      .$client;
    try {
      return await fn(async (text, values) => (await client.query(text, values)).rows);
    } finally {
      await handle.close();
    }
  }

  async function remove() {
    await kill();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  }

  return {
    dir,
    start,
    kill,
    stop,
    exited,
    login,
    request,
    api,
    withDatabase,
    remove,
    get base() {
      return base;
    },
  };
}
