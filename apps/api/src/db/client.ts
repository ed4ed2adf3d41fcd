import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { releaseClientOnFailedBegin } from './pg-transaction.js';

/**
 * Both drivers produce a PgDatabase; the rest of the code only sees this common type, so every
 * query runs unchanged on the embedded PGlite and on a PostgreSQL server.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** The database or a transaction of it: what a query that may run inside a caller's transaction takes. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type DatabaseHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs fn while holding a database-wide lock, so two processes never migrate or seed at once. */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

const STARTUP_LOCK_KEY = 727_001;

export async function openDatabase(opts: {
  databaseUrl?: string;
  pgliteDataDir: string;
  pgliteSharedBuffers?: string;
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(opts.pgliteDataDir, opts.pgliteSharedBuffers);
}

/**
 * PGlite runs PostgreSQL inside this process, so its page cache (shared_buffers, 128 MB by
 * default) is this process's memory. Its files are read through the OS, whose page cache keeps
 * them warm anyway, so a smaller buffer pool costs little: at 32 MB the idle server is ~120 MB
 * smaller, and the import and dashboard benchmarks did not move (README "Memory").
 */
async function openPglite(dataDir: string, sharedBuffers?: string): Promise<DatabaseHandle> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const startParams = sharedBuffers ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`] : undefined;
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, startParams });
  let closed = false;
  return {
    db: drizzlePglite(client) as unknown as Db,
    kind: 'pglite',
    // PGlite lives inside this process: there is nobody to race with.
    withStartupLock: (fn) => fn(),
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

/**
 * While the server is away no request may hang: a connection that cannot be made (or a free
 * client that does not come) fails after 5 s, and keep-alive notices a dead peer. The error
 * handler answers these 503 + Retry-After (lib/pg-errors.ts databaseOutage).
 */
const POOL_TIMEOUTS = { connectionTimeoutMillis: 5_000, keepAlive: true, keepAliveInitialDelayMillis: 10_000 } as const;
/**
 * A statement whose answer never comes (a network that drops packets instead of refusing them)
 * fails after this. Not during startup: a migration may build an index for longer, and the
 * startup lock waits for another process's migrations.
 */
const QUERY_TIMEOUT_MS = 60_000;
/** How long closing waits for checked-out clients before it cuts their connections. */
const CLOSE_GRACE_MS = 5_000;

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, ...POOL_TIMEOUTS });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  // A checked-out client (inside a transaction) has no pool listener: its lost connection would be
  // an uncaught 'error' that ends the process. The statement it was running fails on its own.
  const clients = new Set<pg.PoolClient>();
  pool.on('connect', (client) => {
    client.on('error', () => {});
    clients.add(client);
  });
  pool.on('remove', (client) => clients.delete(client));
  let startup = 0;
  // pg reads query_timeout from the client's connection parameters at each query; setting it
  // when a client is checked out lets one pool serve both startup (none) and requests.
  pool.on('acquire', (client) => {
    (client as unknown as { connectionParameters: { query_timeout?: number } }).connectionParameters.query_timeout =
      startup > 0 ? undefined : QUERY_TIMEOUT_MS;
  });
  let closed = false;
  const db = drizzlePg(pool) as unknown as Db;
  releaseClientOnFailedBegin(db, pool);
  return {
    db,
    kind: 'postgres',
    async withStartupLock(fn) {
      startup++;
      try {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
          client.release();
        }
      } finally {
        startup--;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      const ended = pool.end();
      // pool.end() waits for every checked-out client. One that was in a statement when the
      // server went away can wait for the statement's timeout (a minute) and then for its
      // ROLLBACK's: seen after a cut-off outage (db-outage.test.ts, issue 17). In-flight requests
      // are over by the time the app closes, so after a grace period those connections are cut:
      // their statements fail, the holders release them, and the pool ends.
      const cut = setTimeout(() => {
        for (const client of clients)
          (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
      }, CLOSE_GRACE_MS);
      try {
        await ended;
      } finally {
        clearTimeout(cut);
      }
    },
  };
}
