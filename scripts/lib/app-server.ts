// Starts the real server (node apps/api/dist/server.mjs, the bundle `npm start` runs; `npm run
// build` makes it) on a free loopback port with a fresh temporary DATA_DIR. Used by the e2e
// harness and by the bench.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_ARGS } from './ensure.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export type AppServer = {
  name: string;
  url: string;
  port: number;
  dataDir: string;
  logFile: string;
  child: ChildProcess;
  stop: () => Promise<void>;
};

export type StartOptions = {
  name: string;
  env?: Record<string, string | undefined>;
  /** Where server.log goes (default: inside the temporary DATA_DIR, removed on stop). */
  logDir?: string;
  /**
   * Apply migrations and seed with the db:migrate CLI before starting (default true). The
   * server does the same on start, but inside Fastify's plugin start timeout, which a fresh
   * PGlite on a busy 2-core machine can exceed.
   */
  premigrate?: boolean;
  /** Keep DATABASE_URL from the environment (default: drop it, so each server gets its own PGlite). */
  keepDatabaseUrl?: boolean;
  readyTimeoutMs?: number;
  /**
   * The host name in the server's address (APP_URL and `url`; it still listens on 127.0.0.1).
   * 'localhost' for passkeys: browsers refuse an IP address as a WebAuthn relying party.
   */
  appHost?: string;
  /**
   * Start the server under `nice -n <niceness>` (coreutils), so every thread of it (V8's and
   * libuv's included, which inherit it) yields the CPU to the processes that run at the default.
   */
  niceness?: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startAppServer(opts: StartOptions): Promise<AppServer> {
  if (!existsSync(path.join(ROOT, 'apps/api/dist/server.mjs')))
    throw new Error('apps/api/dist is missing: run `npm run build` (npm test does it)');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `console-${opts.name}-`));
  if (opts.logDir) mkdirSync(opts.logDir, { recursive: true });
  const logFile = path.join(opts.logDir ?? dataDir, `server-${opts.name}.log`);
  const url = `http://${opts.appHost ?? '127.0.0.1'}:${port}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: url,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
    ...opts.env,
  };
  if (!opts.keepDatabaseUrl) delete env.DATABASE_URL;
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k];

  const out = createWriteStream(logFile);
  if (opts.premigrate !== false) {
    const code = await new Promise<number | null>((resolve) => {
      const m = spawn(process.execPath, ['apps/api/dist/migrate-cli.mjs'], {
        cwd: ROOT,
        env: env as NodeJS.ProcessEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      m.stdout!.pipe(out, { end: false });
      m.stderr!.pipe(out, { end: false });
      m.on('error', () => resolve(-1));
      m.on('exit', (c) => resolve(c));
    });
    if (code !== 0) {
      out.end();
      const log = readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
      throw new Error(`db:migrate for server "${opts.name}" failed (exit ${code}):\n${log}`);
    }
  }
  const command = [process.execPath, ...SERVER_NODE_ARGS, 'apps/api/dist/server.mjs'];
  // nice execs node, so the child's pid is the server's.
  if (opts.niceness !== undefined) command.unshift('nice', '-n', String(opts.niceness));
  const child = spawn(command[0], command.slice(1), {
    cwd: ROOT,
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);

  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killed = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
      if (!killed) child.kill('SIGKILL');
    }
    out.end();
    if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (opts.readyTimeoutMs ?? 180_000);
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (res.ok) return { name: opts.name, url, port, dataDir, logFile, child, stop };
      lastError = `GET /api/health answered ${res.status}`;
    } catch (err) {
      lastError = (err as Error).message;
    }
    await sleep(250);
  }
  const tail = (() => {
    try {
      return readFileSync(logFile, 'utf8').split('\n').slice(-60).join('\n');
    } catch {
      return '(no log)';
    }
  })();
  const why = child.exitCode !== null ? `exited with code ${child.exitCode}` : `not healthy in time (${lastError})`;
  await stop();
  throw new Error(`server "${opts.name}" ${why}. Last lines of its log:\n${tail}`);
}
