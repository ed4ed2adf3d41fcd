import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { Config } from '../config.js';
import { adminQuery, createTestDatabase } from './test-db.js';

/**
 * Every test app starts from the same migrated and seeded database. Opening a fresh PGlite runs
 * initdb (about 2 s of WebAssembly), then the migrations and the seed (about 1 s more); a test
 * run opens some eighty apps. So the api project's global setup (seed-image.ts) builds that
 * database once per run, and each app starts from a copy: a copied PGlite data directory, or a
 * PostgreSQL database created from a template. The app still runs the migrations and the
 * idempotent seed at start, as in production; they find nothing to do.
 */

/** The config keys the seed reads: an app that overrides one seeds its own database from scratch. */
const SEED_KEYS = [
  'productSlug',
  'productName',
  'seedDemo',
  'seedDemoContent',
  'seedDemoPassword',
  'adminEmail',
  'adminPassword',
  'databaseUrl',
  'pgliteDataDir',
] as const satisfies readonly (keyof Config)[];

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the seed image of this run is: a PGlite data directory, or a PostgreSQL template database name. */
    seedImage: { kind: 'pglite'; dir: string } | { kind: 'postgres'; template: string; baseUrl: string } | null;
  }
}

export async function createSeededTestDatabase(overrides: Partial<Config>) {
  const image = inject('seedImage');
  if (!image || SEED_KEYS.some((k) => k in overrides)) return createTestDatabase();
  if (image.kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'api-test-db-'));
    cpSync(image.dir, dir, { recursive: true });
    return { overrides: { pgliteDataDir: dir } as Partial<Config>, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `t_${Math.random().toString(16).slice(2, 14)}`;
  await adminQuery(image.baseUrl, `CREATE DATABASE ${name} TEMPLATE ${image.template}`);
  const url = new URL(image.baseUrl);
  url.pathname = `/${name}`;
  return {
    overrides: { databaseUrl: url.toString() } as Partial<Config>,
    drop: () => adminQuery(image.baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
