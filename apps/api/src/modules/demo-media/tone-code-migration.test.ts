import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../db/migrate.js';
import { databaseMigratedUpTo } from '../../test/migrated-up-to.js';

// Migration 0009 (issue 15, item 9) on a database already holding two active media of one client
// with one tone code: the oldest stays active, the others become inactive, then the unique index
// holds. Runs on PGlite, and on PostgreSQL with DATABASE_URL.

let migrated: Awaited<ReturnType<typeof databaseMigratedUpTo>>;
const rows = <T>(query: SQL) => migrated.rows<T>(query);

beforeAll(async () => {
  migrated = await databaseMigratedUpTo(8);
});
afterAll(() => migrated?.done());

describe('migration 0009_media_tone_code_unique', () => {
  it('keeps the oldest active media per (client, tone code), sets the others inactive, then refuses a second active one', async () => {
    const db = migrated.handle.db;
    await db.execute(sql`insert into companies (id, name) values (900, 'Migration Co')`);
    await db.execute(sql`insert into clients (id, company_id, name, type) values (901, 900, 'Mig A', 'both'), (902, 900, 'Mig B', 'both')`);
    const row = (id: number, client: number, kind: string, code: string | null, status: string, created: string) =>
      sql`(${id}, ${kind}, ${client}, ${`m${id}`}, ${code}, ${status}, 'image', ${`media/m${id}.png`}, 'image/png', 1,
        ${kind === 'campaign' ? 'Spring' : null}, ${created}::timestamptz)`;
    // A: 913 is the oldest of the three actives with DUP-1 (demo and campaign together); 911 and 912 share a time, id decides.
    await db.execute(sql`
      insert into media (id, kind, client_id, title, tone_code, status, media_type, file, mime_type, size, campaign_name, created_at)
      values ${sql.join(
        [
          row(911, 901, 'demo', 'DUP-1', 'active', '2026-02-01T00:00:00Z'),
          row(912, 901, 'campaign', 'DUP-1', 'active', '2026-02-01T00:00:00Z'),
          row(913, 901, 'demo', 'DUP-1', 'active', '2026-01-01T00:00:00Z'),
          row(914, 901, 'demo', 'DUP-1', 'inactive', '2025-01-01T00:00:00Z'),
          row(915, 902, 'demo', 'DUP-1', 'active', '2026-03-01T00:00:00Z'),
          row(916, 901, 'demo', null, 'active', '2026-01-01T00:00:00Z'),
          row(917, 901, 'demo', null, 'active', '2026-01-01T00:00:00Z'),
        ],
        sql`, `,
      )}`);

    await runMigrations(migrated.handle);

    expect(await rows(sql`select id, status from media where id between 911 and 917 order by id`)).toEqual([
      { id: 911, status: 'inactive' },
      { id: 912, status: 'inactive' },
      { id: 913, status: 'active' },
      { id: 914, status: 'inactive' },
      { id: 915, status: 'active' },
      { id: 916, status: 'active' },
      { id: 917, status: 'active' },
    ]);
    // The index now refuses a second active one; an inactive one may share the code.
    await expect(db.execute(sql`update media set status = 'active' where id = 911`)).rejects.toThrow();
    await db.execute(sql`update media set tone_code = 'OTHER-1', status = 'active' where id = 911`);
    expect(await rows(sql`select count(*)::int as n from media where status = 'active' and client_id = 901`)).toEqual([{ n: 4 }]);
  });
});
