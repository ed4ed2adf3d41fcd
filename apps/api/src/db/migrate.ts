import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { DatabaseHandle } from './client.js';

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * A migration that rewrites a table (0014 adds a stored column) leaves it with no statistics for
 * the new column and an empty visibility map: the planner guesses, and every index-only scan of the
 * lists reads the heap too (the platform filter went from 0.9x to 1.45x of page 1 on 100,000 rows)
 * until autovacuum comes by, which a rewrite does not prompt. Such a migration says so in a line
 * `-- vacuum after: table, table`, and whoever applied it runs VACUUM (ANALYZE) on those tables
 * right after (VACUUM cannot run inside the migration's transaction).
 */
const VACUUM_AFTER = /^-- vacuum after: (.+)$/m;

type JournalEntry = { tag: string; when: number };

/** The tables to vacuum after applying the migrations `applied` (journal entries, in order). */
export function tablesToVacuum(applied: JournalEntry[], sqlOf: (tag: string) => string): string[] {
  const tables = applied.flatMap((e) => VACUUM_AFTER.exec(sqlOf(e.tag))?.[1]?.split(',') ?? []).map((t) => t.trim());
  return [...new Set(tables.filter(Boolean))];
}

/** When the newest applied migration was created (drizzle's bookkeeping), 0 on a new database. */
async function lastAppliedAt(handle: DatabaseHandle): Promise<number> {
  try {
    const result = (await handle.db.execute(sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { at: string | null }[];
    };
    return Number(result.rows[0]?.at ?? 0);
  } catch {
    return 0; // no bookkeeping table yet
  }
}

/**
 * Applies the committed SQL migrations (drizzle keeps track of the applied ones), then the vacuums
 * they ask for. `folder`: another copy of them (a migration's test stops its journal early).
 */
export async function runMigrations(handle: DatabaseHandle, folder = MIGRATIONS_FOLDER): Promise<void> {
  const config = { migrationsFolder: folder };
  const before = await lastAppliedAt(handle);
  if (handle.kind === 'pglite') await migratePglite(handle.db as unknown as PgliteDatabase, config);
  else await migratePg(handle.db as unknown as NodePgDatabase, config);
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  const applied = journal.entries.filter((e) => e.when > before);
  const tables = tablesToVacuum(applied, (tag) => readFileSync(path.join(folder, `${tag}.sql`), 'utf8'));
  for (const table of tables) await handle.db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
}
