import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Config } from '../config.js';
import { loadConfig } from '../config.js';

/**
 * A fresh database per test app: PGlite in memory by default; with DATABASE_URL set, a new
 * database on that server (dropped afterwards), so test files can run in parallel.
 */
export async function createTestDatabase(): Promise<{ overrides: Partial<Config>; drop(): Promise<void> }> {
  const baseUrl = loadConfig().databaseUrl;
  if (!baseUrl) return { overrides: { pgliteDataDir: 'memory://' }, drop: async () => {} };

  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = (sql: string) => adminQuery(baseUrl, sql);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    overrides: { databaseUrl: url.toString() },
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** One statement on the server's maintenance connection (CREATE / DROP DATABASE). */
export async function adminQuery(baseUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
