import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMigratedUpTo } from '../test/migrated-up-to.js';
import { runMigrations, tablesToVacuum } from './migrate.js';

// Migration 0014 (the lower-cased search columns) on a database holding users and user requests,
// and the vacuum db/migrate.ts runs after a migration that rewrites tables. PGlite, and
// PostgreSQL with DATABASE_URL.

let migrated: Awaited<ReturnType<typeof databaseMigratedUpTo>>;
const rows = <T>(query: SQL) => migrated.rows<T>(query);
const lastVacuums = () =>
  rows<{ relname: string; vacuumed: string | null; analyzed: string | null }>(
    sql`select relname, last_vacuum::text as vacuumed, last_analyze::text as analyzed from pg_stat_user_tables
        where relname in ('users', 'user_requests') order by relname`,
  );

beforeAll(async () => {
  migrated = await databaseMigratedUpTo(13);
});
afterAll(() => migrated?.done());

describe('migration 0014_search_text', () => {
  it('fills the lower-cased search text of existing rows, keeps it on writes, and vacuums both tables once', async () => {
    const db = migrated.handle.db;
    await db.execute(sql`insert into roles (id, name) values (900, 'Migration role')`);
    await db.execute(sql`insert into users (id, role_id, firstname, lastname, email, password_hash)
      values (901, 900, 'Ænne', 'MÜLLER', 'ann@migration.example', 'x')`);
    await db.execute(sql`insert into locations (id, name) values (900, 'Migration hall')`);
    await db.execute(sql`insert into tone_sequences (id, name, code, location_id) values (900, 'Migration seq', 'MIG-1', 900)`);
    await db.execute(sql`
      insert into user_requests (event_id, user_id, device_code, tone_sequence_id, location_id, tone_code, platform, device_model, requested_at) values
        (gen_random_uuid(), 901, 'DEV-A', 900, 900, 'MIG-1', 'ios', 'iPhone 15', '2026-01-01T10:00:00Z'),
        (gen_random_uuid(), 901, 'DEV-B', 900, 900, 'MIG-1', 'web', null, '2026-01-02T10:00:00Z')`);
    expect((await lastVacuums()).every((t) => t.vacuumed === null)).toBe(true);

    await runMigrations(migrated.handle);

    expect(await rows(sql`select search_text from users where id = 901`)).toEqual([{ search_text: 'ænne müller ann@migration.example' }]);
    expect(await rows(sql`select search_text from user_requests order by device_code`)).toEqual([
      { search_text: 'dev-a mig-1 iphone 15' },
      { search_text: 'dev-b mig-1 ' },
    ]);
    const vacuumed = await lastVacuums();
    expect(vacuumed.map((t) => t.relname)).toEqual(['user_requests', 'users']);
    expect(vacuumed.every((t) => t.vacuumed !== null && t.analyzed !== null)).toBe(true);

    // The database keeps it: a rename, and a write that names the column is refused.
    await db.execute(sql`update users set lastname = 'Meyer' where id = 901`);
    expect(await rows(sql`select search_text from users where id = 901`)).toEqual([{ search_text: 'ænne meyer ann@migration.example' }]);
    await expect(db.execute(sql`update users set search_text = 'x' where id = 901`)).rejects.toThrow();

    // Nothing new to apply: no second vacuum.
    await runMigrations(migrated.handle);
    expect(await lastVacuums()).toEqual(vacuumed);
  });

  it('reads the tables to vacuum from the applied migrations, each once', () => {
    const sqlOf = (tag: string) =>
      ({ a: '-- vacuum after: users, user_requests\nalter table users ...', b: 'create index ...', c: '-- vacuum after: users' })[tag] ??
      '';
    expect(
      tablesToVacuum(
        [
          { tag: 'a', when: 1 },
          { tag: 'b', when: 2 },
          { tag: 'c', when: 3 },
        ],
        sqlOf,
      ),
    ).toEqual(['users', 'user_requests']);
    expect(tablesToVacuum([{ tag: 'b', when: 2 }], sqlOf)).toEqual([]);
  });
});
