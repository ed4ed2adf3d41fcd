import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';

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

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  let closed = false;
  return {
    db: drizzlePg(pool) as unknown as Db,
    kind: 'postgres',
    async withStartupLock(fn) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
