import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { createTestDatabase } from './test-db.js';

// The harness of a migration's own test (not a test file itself): a database of its own (PGlite in
// memory, or a new one on DATABASE_URL's server) migrated as it was before the migration under
// test, so the test can put rows in the old shape and then run runMigrations.

const MIGRATIONS = fileURLToPath(new URL('../db/migrations', import.meta.url));

/** A database migrated up to and including the journal's entry `lastIdx`; `done()` closes and drops it. */
export async function databaseMigratedUpTo(lastIdx: number) {
  const database = await createTestDatabase();
  const handle: DatabaseHandle = await openDatabase({ databaseUrl: database.overrides.databaseUrl, pgliteDataDir: 'memory://' });
  // The same files, with a journal that stops at lastIdx.
  const folder = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= lastIdx);
  writeFileSync(journalPath, JSON.stringify(journal));
  await runMigrations(handle, folder);
  return {
    handle,
    /** The rows of one statement, as the driver returns them. */
    rows: async <T>(query: SQL) => ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows,
    async done() {
      await handle.close();
      await database.drop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
