// The scale-out topology on one machine, without docker: two API replicas (QUEUE_WORKERS=false,
// TRUST_PROXY=true), one queue worker and HAProxy with deploy/haproxy/haproxy.cfg in front.
// deploy/run-local.mjs runs it from the command line; the cluster test tier
// (apps/api/src/test/cluster) starts it the same way. Only Node's own modules: it runs before
// (and without) node_modules, like scripts/lib/ensure.mjs, whose launch flags it shares.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT, SERVER_NODE_ARGS } from '../scripts/lib/ensure.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const HAPROXY_CFG = path.join(HERE, 'haproxy', 'haproxy.cfg');
// Debian installs it under /usr/sbin, which is not on every user's PATH.
const HAPROXY = process.env.HAPROXY ?? (existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, host, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves once GET url answers 200 (or rejects with the last error after timeoutMs). */
async function waitHealthy(url, timeoutMs, isDead = () => false) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline && !isDead()) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(3_000) });
      if (res.ok) return;
      last = `answered ${res.status}`;
    } catch (err) {
      last = err.message;
    }
    await sleep(200);
  }
  throw new Error(`${url} not healthy (${isDead() ? 'the process exited' : last})`);
}

const tail = (file) => {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');
  } catch {
    return '(no log)';
  }
};

/**
 * One supervised child: its output goes to `<logDir>/<name>.log`. `restart()` starts the same
 * command again (same port), as a container runtime would after a crash.
 */
function child(name, cmd, args, env, logDir) {
  const logFile = path.join(logDir, `${name}.log`);
  const out = createWriteStream(logFile, { flags: 'a' });
  const proc = {
    name,
    logFile,
    process: null,
    get pid() {
      return this.process?.pid;
    },
    get alive() {
      return this.process !== null && this.process.exitCode === null && this.process.signalCode === null;
    },
    start() {
      const p = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      p.stdout.pipe(out, { end: false });
      p.stderr.pipe(out, { end: false });
      p.exited = new Promise((resolve) => p.once('exit', (code, signal) => resolve(code ?? signal)));
      p.on('error', (err) => out.write(`could not start ${cmd}: ${err.message}\n`));
      this.process = p;
      return p;
    },
    /** Sends the signal and waits for the exit (SIGKILL after 10 s). */
    async stop(signal = 'SIGTERM') {
      const p = this.process;
      if (!p || !this.alive) return;
      p.kill(signal);
      const done = await Promise.race([p.exited.then(() => true), sleep(10_000).then(() => false)]);
      if (!done) p.kill('SIGKILL');
      await p.exited;
    },
    close: () => out.end(),
  };
  return proc;
}

/**
 * Starts the topology and resolves when the replicas, the worker and the load balancer are ready.
 * options: env (shared by the Node processes: DATABASE_URL, REDIS_URL, ADMIN_*, …), host, lbPort
 * and apiPorts (0 or unset = a free port), logDir, dataDir (shared by all: local file storage),
 * haproxy (its binary; default $HAPROXY, else Debian's /usr/sbin/haproxy, else `haproxy` on the PATH).
 */
export async function startTopology(options) {
  const host = options.host ?? '127.0.0.1';
  const logDir = options.logDir;
  mkdirSync(logDir, { recursive: true });
  if (!existsSync(path.join(ROOT, 'apps/api/dist/server.mjs'))) throw new Error('apps/api/dist is missing: run `npm run build`');
  const ports = await Promise.all([0, 1].map(async (i) => options.apiPorts?.[i] || (await freePort(host))));
  const lbPort = options.lbPort || (await freePort(host));
  const lbUrl = `http://${host}:${lbPort}`;
  const base = {
    ...process.env,
    ...options.env,
    DATA_DIR: options.dataDir,
    HOST: host,
    APP_URL: options.env?.APP_URL ?? lbUrl,
    QUEUE_WORKERS: 'false',
    TRUST_PROXY: 'true',
  };
  const node = (entry) => [...SERVER_NODE_ARGS, `apps/api/dist/${entry}.mjs`];
  const all = [];
  const stopAll = async () => {
    // The load balancer first, then the replicas (they finish their requests), the worker last.
    for (const p of [...all].reverse()) await p.stop();
    for (const p of all) p.close();
  };
  try {
    // Migrations and the first seed once, before the replicas race for the start-up lock.
    const migrate = child('migrate', process.execPath, ['apps/api/dist/migrate-cli.mjs'], base, logDir);
    all.push(migrate);
    const code = await migrate.start().exited;
    if (code !== 0) throw new Error(`db:migrate failed (${code}):\n${tail(migrate.logFile)}`);

    const worker = child('worker', process.execPath, node('worker'), base, logDir);
    all.push(worker);
    worker.start();
    const apis = ['api-a', 'api-b'].map((name, i) => {
      const port = ports[i];
      const api = child(name, process.execPath, node('server'), { ...base, PORT: String(port) }, logDir);
      all.push(api);
      return Object.assign(api, { port, url: `http://${host}:${port}` });
    });
    for (const api of apis) {
      api.start();
      // After a restart the replica is back when it answers; the load balancer sees it within its checks.
      api.restart = async () => {
        api.start();
        await waitHealthy(`${api.url}/api/health`, 60_000, () => !api.alive);
      };
    }
    await Promise.all(
      apis.map((api) =>
        waitHealthy(`${api.url}/api/health`, 120_000, () => !api.alive).catch((err) => {
          throw new Error(`${api.name}: ${err.message}\n${tail(api.logFile)}`);
        }),
      ),
    );
    // The worker serves no HTTP: it is ready when it logs so (at info; at a quieter level, when it is still alive).
    const logsInfo = ['info', 'debug', 'trace'].includes(base.LOG_LEVEL ?? 'info');
    await waitFor(
      () => !logsInfo || readFileSync(worker.logFile, 'utf8').includes('worker started'),
      60_000,
      () => !worker.alive,
    ).catch(() => {
      throw new Error(`the worker did not start:\n${tail(worker.logFile)}`);
    });

    const lbEnv = { ...process.env, LB_BIND: `${host}:${lbPort}`, API_A: `${host}:${ports[0]}`, API_B: `${host}:${ports[1]}` };
    // -db: stay in the foreground (the supervisor here, or the container runtime, owns the process).
    const lb = child('haproxy', options.haproxy ?? HAPROXY, ['-db', '-f', HAPROXY_CFG], lbEnv, logDir);
    all.push(lb);
    lb.start();
    await waitHealthy(`${lbUrl}/api/health`, 30_000, () => !lb.alive).catch((err) => {
      throw new Error(`haproxy: ${err.message}\n${tail(lb.logFile)}`);
    });
    return { lbUrl, lb, apis, worker, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

async function waitFor(check, timeoutMs, isDead) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !isDead()) {
    try {
      if (check()) return;
    } catch {
      // not there yet
    }
    await sleep(200);
  }
  throw new Error('timed out');
}
