import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, createWriteStream, mkdtempSync, openSync, readFileSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COOKIE_NAMES, HEADER_NAMES, SERVER_MESSAGES } from '@console/contract';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 17: the embedded database (PGlite) on a disk that fills up. The real server process runs
// in a user and mount namespace of its own (`unshare`, no root needed) with DATA_DIR on a small
// tmpfs. The test fills that tmpfs with a file (through /proc/<pid>/root, the namespace's view),
// writes until the database refuses, checks the refusals are 503 in the error shape, frees the
// space, and checks the same process writes again and every acknowledged write is there; then
// it kills the server (SIGKILL) and starts it again on the same DATA_DIR, which must find them
// all. PGlite recovers in-process: a failed extension of a table file is an ERROR (53100), the
// transaction rolls back, and nothing written before is touched. Runs in the PGlite tier.

const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN = { email: 'admin@example.com', password: 'Disk-Full-Pass-551' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

describe.runIf(!process.env.DATABASE_URL)('a full disk under the embedded database', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'disk-full-'));
  const dataDir = path.join(work, 'data');
  let shell: ChildProcess | undefined;
  let base = '';
  let auth: Record<string, string> = {};

  afterAll(() => {
    // The shell leads its own process group: the server goes with it, and the tmpfs with them.
    if (shell?.pid && shell.exitCode === null) process.kill(-shell.pid, 'SIGKILL');
    rmSync(work, { recursive: true, force: true });
  });

  /** Where the test sees the tmpfs: the shell's root, inside its mount namespace. */
  const inside = (name: string) => `/proc/${shell!.pid}/root${dataDir}/${name}`;

  /** The server, twice in a row on the same tmpfs: the second start follows the first's death. */
  async function startTwice() {
    const port = await freePort();
    base = `http://127.0.0.1:${port}/api`;
    // The API bundle, as in production (the global setup rebuilds it when src/ is newer).
    const server = `node dist/server.mjs`;
    const script = `mkdir -p "$DATA_DIR" && mount -t tmpfs -o size=128m tmpfs "$DATA_DIR" && { ${server}; ${server}; }`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
    };
    delete env.DATABASE_URL;
    shell = spawn('unshare', ['--user', '--map-root-user', '--mount', 'sh', '-c', script], {
      cwd: API_ROOT,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log = createWriteStream(path.join(work, 'server.log'), { flags: 'a' });
    shell.stdout!.pipe(log);
    shell.stderr!.pipe(log);
  }

  async function healthy() {
    for (const end = Date.now() + 150_000; Date.now() < end; await sleep(250)) {
      if (shell!.exitCode !== null) throw new Error(`server exited (${shell!.exitCode}); see ${work}/server.log`);
      if (
        await fetch(`${base}/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
    }
    throw new Error(`server not healthy in time; see ${work}/server.log`);
  }

  /** The server process: the shell's child. */
  function serverPid(): number {
    const children = readFileSync(`/proc/${shell!.pid}/task/${shell!.pid}/children`, 'utf8').trim().split(/\s+/);
    return Number(children[0]);
  }

  async function login() {
    const res = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...ADMIN, rememberMe: false }),
    });
    expect(res.status).toBe(200);
    const token = ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
    const csrf = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith(`${COOKIE_NAMES.csrf}=`))
      ?.slice(COOKIE_NAMES.csrf.length + 1);
    auth = { authorization: `Bearer ${token}`, [HEADER_NAMES.csrf]: csrf ?? '' };
  }

  const addClient = (name: string, companyId: number) =>
    fetch(`${base}/client/add`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name, companyId }),
    });

  async function listedNames(): Promise<string[]> {
    const res = await fetch(`${base}/client?limit=500&search=Disk`, { headers: auth });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { name: string }[] }).data.map((c) => c.name).sort();
  }

  it('answers 503 in the error shape while the disk is full, then writes again, and keeps every acknowledged write', {
    timeout: 420_000,
  }, async () => {
    await startTwice();
    await healthy();
    await login();
    const form = new FormData();
    form.set('name', 'Disk Co');
    const company = await fetch(`${base}/companies/add`, { method: 'POST', headers: auth, body: form });
    expect(company.status).toBe(200);
    const companyId = ((await company.json()) as { data: { id: number } }).data.id;

    const acknowledged: string[] = [];
    const padding = 'x'.repeat(90);
    let n = 0;
    const write = async () => {
      const name = `Disk client ${++n} ${padding}`;
      const res = await addClient(name, companyId);
      if (res.status === 200) acknowledged.push(name);
      return res;
    };
    for (let i = 0; i < 10; i++) expect((await write()).status).toBe(200);

    // Fill the tmpfs to the last byte.
    const filler = openSync(inside('filler'), 'w');
    const chunk = Buffer.alloc(1 << 20);
    try {
      for (;;) writeSync(filler, chunk);
    } catch (err) {
      expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
    } finally {
      closeSync(filler);
    }

    // Writes go on until the database must grow a file: that one, and the next, are refused.
    let refused: Response | undefined;
    for (let i = 0; i < 2000 && !refused; i++) {
      const res = await write();
      if (res.status !== 200) refused = res;
    }
    expect(refused, 'no write was refused on a full disk').toBeDefined();
    for (const res of [refused!, await write()]) {
      expect([503, 507]).toContain(res.status);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await res.json()).toEqual({ success: false, code: 'UNAVAILABLE', message: SERVER_MESSAGES.storageFull });
    }
    // Reads still work.
    expect(await listedNames()).toEqual([...acknowledged].sort());

    // Space again: the same process writes, and has lost nothing.
    unlinkSync(inside('filler'));
    expect((await write()).status).toBe(200);
    expect(await listedNames()).toEqual([...acknowledged].sort());

    // And what it acknowledged is on disk: killed outright, started again on the same DATA_DIR.
    process.kill(serverPid(), 'SIGKILL');
    await sleep(500);
    await healthy();
    await login();
    expect(await listedNames()).toEqual([...acknowledged].sort());
    expect((await write()).status).toBe(200);
  });
});
