#!/usr/bin/env node
// The docker compose topology on one machine without docker (README "Deployment and scale-out"):
//   DATABASE_URL=postgres://… REDIS_URL=redis://127.0.0.1:6379 ADMIN_PASSWORD=… node deploy/run-local.mjs
// starts two API replicas, one queue worker and HAProxy (deploy/haproxy/haproxy.cfg) on
// http://127.0.0.1:8080 (LB_PORT), the replicas on API_A_PORT / API_B_PORT (default 3001, 3002).
// Needs `npm run build` first and `haproxy` on the PATH (Debian: apt-get install haproxy).
// A replica or worker that dies is started again after a second; Ctrl-C stops everything.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../scripts/lib/ensure.mjs';
import { startTopology } from './topology.mjs';

const env = process.env;
for (const name of ['DATABASE_URL', 'REDIS_URL']) {
  if (!env[name]) {
    console.error(`${name} is required (PostgreSQL shared by the replicas and the worker; Redis for the rate-limit counters)`);
    process.exit(1);
  }
}
const dataDir = path.resolve(env.DATA_DIR ?? path.join(ROOT, 'data', 'cluster'));
const logDir = path.join(dataDir, 'logs');
mkdirSync(logDir, { recursive: true });

let topology;
try {
  topology = await startTopology({
    env: { LOG_LEVEL: env.LOG_LEVEL ?? 'info' },
    host: env.HOST ?? '127.0.0.1',
    lbPort: Number(env.LB_PORT ?? 8080),
    apiPorts: [Number(env.API_A_PORT ?? 3001), Number(env.API_B_PORT ?? 3002)],
    dataDir,
    logDir,
  });
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

const { lbUrl, apis, worker, lb } = topology;
console.log(`load balancer ${lbUrl} (haproxy pid ${lb.pid})`);
for (const api of apis) console.log(`${api.name} ${api.url} (pid ${api.pid})`);
console.log(`worker pid ${worker.pid}; logs in ${logDir}; Ctrl-C stops everything`);

let stopping = false;
// Supervision: what a container runtime's restart policy does in docker compose.
const timer = setInterval(() => {
  for (const p of [...apis, worker]) {
    if (stopping || p.alive) continue;
    console.log(`${p.name} exited; starting it again`);
    p.start();
  }
}, 1_000);

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(timer);
    console.log('stopping');
    await topology.stop();
    process.exit(0);
  });
}
