import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureApiBuild } from '../../../../scripts/lib/ensure.mjs';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { seedDatabase } from '../db/seed/index.js';
import { adminQuery } from './test-db.js';
import { TEST_SEED } from './test-seed.js';

/**
 * Global setup of the api project: brings the API bundle up to date, and builds this run's seed
 * image (see seeded-database.ts) with the migrations and the seed the test apps run, and removes
 * it when the run ends.
 */
export default async function buildSeedImage(project: TestProject) {
  // The crash proofs run the server as the API bundle (crash-server.ts): build it when src/ is newer.
  await ensureApiBuild();
  const base = loadConfig();
  if (!base.databaseUrl) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'api-seed-image-'));
    const handle = await openDatabase(loadConfig(process.env, { ...TEST_SEED, pgliteDataDir: dir }));
    await runMigrations(handle);
    await seedDatabase(handle.db, { ...base, ...TEST_SEED });
    await handle.close();
    project.provide('seedImage', { kind: 'pglite', dir });
    return () => rmSync(dir, { recursive: true, force: true });
  }
  const template = `t_seed_${process.pid}`;
  await adminQuery(base.databaseUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  await adminQuery(base.databaseUrl, `CREATE DATABASE ${template}`);
  const url = new URL(base.databaseUrl);
  url.pathname = `/${template}`;
  const handle = await openDatabase(loadConfig(process.env, { ...TEST_SEED, databaseUrl: url.toString() }));
  await runMigrations(handle);
  await seedDatabase(handle.db, { ...base, ...TEST_SEED });
  // A template must have no open connection while databases are created from it.
  await handle.close();
  project.provide('seedImage', { kind: 'postgres', template, baseUrl: base.databaseUrl });
  return () => adminQuery(base.databaseUrl as string, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
}
