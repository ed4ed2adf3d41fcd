// The cluster tier's topology (deploy/topology.mjs: two replicas, a worker, HAProxy with
// deploy/haproxy/haproxy.cfg) on a throwaway PostgreSQL database and a Redis key prefix of its own.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTopology, type Topology } from '../../../../../deploy/topology.mjs';
import { type DatabaseHandle, openDatabase } from '../../db/client.js';
import { adminQuery } from '../test-db.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
export const ADMIN = { email: 'admin@example.com', password: 'Cluster-Admin-Pass-73' };
export const LIMITS = { loginPerMinute: 4, ingestPerMinute: 3 };

/** PostgreSQL of DATABASE_URL when it is one, else the machine's (CI has it on 5432). */
function serverUrl(): string {
  const url = process.env.DATABASE_URL;
  return url && /^postgres(ql)?:\/\//.test(url) ? url : 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** REDIS_URL (or the local one) with a key prefix of this run: parallel runs never share counters (ioredis reads options from the query). */
function redisUrl(prefix: string): string {
  const url = new URL(process.env.REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  url.searchParams.set('keyPrefix', prefix);
  return url.toString();
}

export type Cluster = Topology & { db: DatabaseHandle['db']; logDir: string; close(): Promise<void> };

export async function startCluster(): Promise<Cluster> {
  const run = randomBytes(4).toString('hex');
  const base = serverUrl();
  const name = `cluster_${run}`;
  await adminQuery(base, `CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'console-cluster-'));
  const logDir = path.join(ROOT, 'test-results', `cluster-${run}`);
  let topology: Topology | undefined;
  let handle: DatabaseHandle | undefined;
  const close = async () => {
    await topology?.stop();
    await handle?.close();
    await adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    topology = await startTopology({
      env: {
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl(`cluster-${run}:`),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SEED_DEMO: 'false',
        // Request lines let the failover test see which replica holds a request.
        LOG_LEVEL: 'info',
        SMTP_URL: undefined,
        RATE_LIMIT_LOGIN_PER_MINUTE: String(LIMITS.loginPerMinute),
        RATE_LIMIT_INGEST_PER_MINUTE: String(LIMITS.ingestPerMinute),
        FFMPEG_PATH: 'off',
      },
      dataDir,
      logDir,
    });
    handle = await openDatabase({ databaseUrl, pgliteDataDir: '' });
    return { ...topology, db: handle.db, logDir, close };
  } catch (err) {
    await close();
    throw err;
  }
}

export const logOf = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};
