import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { COOKIE_NAMES, HEADER_NAMES } from '@console/contract';

// The server process (apps/api/src/server.ts) on a PGlite data dir, started, killed with SIGKILL
// and started again on the same dir: the harness of the crash tests (not a test file itself).

const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Preloaded into the server: kills it at a step the service publishes (bulk-crash-hook.fixture.ts). */
const HOOK = pathToFileURL(fileURLToPath(new URL('./bulk-crash-hook.fixture.ts', import.meta.url))).href;
const ADMIN = { email: 'admin@example.com', password: 'Crash-Admin-Pass-551' };
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

/** A server on a fresh temp data dir (`dir`); `remove()` kills it and deletes the dir. */
export function crashServer(prefix: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  let server: ChildProcess | undefined;
  let base = '';
  let auth: Record<string, string> = {};

  /** Starts the server and waits until it answers; `crashAt` names the step where it kills itself. */
  async function start(crashAt?: string) {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      APP_URL: base,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
      BULK_CRASH_AT: crashAt ?? '',
    };
    delete env.DATABASE_URL; // the embedded database: the crash case these tests are about
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', HOOK, 'src/server.ts'], {
      cwd: API_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log = createWriteStream(path.join(dir, 'server.log'), { flags: 'a' });
    child.stdout!.pipe(log);
    child.stderr!.pipe(log);
    server = child;
    // Generous: several PGlite starts (migrations included) on a busy shared machine.
    for (const end = Date.now() + 300_000; Date.now() < end; await sleep(200)) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; see ${dir}/server.log`);
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

  async function login() {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...ADMIN, rememberMe: false }),
    });
    const body = (await res.json()) as { data: { accessToken: string } };
    const csrf = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith(`${COOKIE_NAMES.csrf}=`))
      ?.slice(COOKIE_NAMES.csrf.length + 1);
    auth = { authorization: `Bearer ${body.data.accessToken}`, [HEADER_NAMES.csrf]: csrf ?? '' };
  }

  async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
    const res = await fetch(`${base}/api${url}`, {
      method,
      headers: { ...auth, ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  }

  async function remove() {
    await kill();
    rmSync(dir, { recursive: true, force: true });
  }

  return { dir, start, kill, exited, login, api, remove };
}
