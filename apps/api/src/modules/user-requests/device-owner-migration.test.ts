import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../db/migrate.js';
import { databaseMigratedUpTo } from '../../test/migrated-up-to.js';

// Migration 0008 (issue 14, finding 7) on a database holding devices keyed by code alone: each
// existing device goes to the user who sent its latest request. Runs on PGlite, and on PostgreSQL
// with DATABASE_URL.

let migrated: Awaited<ReturnType<typeof databaseMigratedUpTo>>;
const rows = <T>(query: SQL) => migrated.rows<T>(query);

beforeAll(async () => {
  migrated = await databaseMigratedUpTo(7);
});
afterAll(() => migrated?.done());

describe('migration 0008_device_owner', () => {
  it('gives each existing device to the sender of its latest request (0 when it has none) and keys devices by (code, owner)', async () => {
    const db = migrated.handle.db;
    await db.execute(sql`insert into roles (id, name) values (900, 'Migration role')`);
    await db.execute(sql`
      insert into users (id, role_id, firstname, email, password_hash) values
        (901, 900, 'Ann', 'ann@migration.example', 'x'), (902, 900, 'Bob', 'bob@migration.example', 'x')`);
    await db.execute(sql`insert into locations (id, name) values (900, 'Migration hall')`);
    await db.execute(sql`insert into tone_sequences (id, name, code, location_id) values (900, 'Migration seq', 'MIG-1', 900)`);
    // OLD-1: Ann first, Bob last. OLD-2: only Ann. OLD-3: its latest request's user was deleted (SET NULL).
    await db.execute(sql`
      insert into user_requests (event_id, user_id, device_code, tone_sequence_id, location_id, tone_code, platform, requested_at) values
        (gen_random_uuid(), 901, 'OLD-1', 900, 900, 'MIG-1', 'android', '2026-01-01T10:00:00Z'),
        (gen_random_uuid(), 902, 'OLD-1', 900, 900, 'MIG-1', 'ios', '2026-01-02T10:00:00Z'),
        (gen_random_uuid(), 901, 'OLD-2', 900, 900, 'MIG-1', 'web', '2026-01-03T10:00:00Z'),
        (gen_random_uuid(), 901, 'OLD-3', 900, 900, 'MIG-1', 'web', '2026-01-01T10:00:00Z'),
        (gen_random_uuid(), null, 'OLD-3', 900, 900, 'MIG-1', 'web', '2026-01-04T10:00:00Z')`);
    await db.execute(sql`
      insert into devices (device_code, first_seen, last_seen, requests, platform, device_model) values
        ('OLD-1', '2026-01-01T10:00:00Z', '2026-01-02T10:00:00Z', 2, 'ios', 'iPhone 15'),
        ('OLD-2', '2026-01-03T10:00:00Z', '2026-01-03T10:00:00Z', 1, 'web', 'Chrome'),
        ('OLD-3', '2026-01-01T10:00:00Z', '2026-01-04T10:00:00Z', 2, 'web', null)`);

    await runMigrations(migrated.handle);

    expect(await rows(sql`select device_code, user_id, requests::int as requests, device_model from devices order by device_code`)).toEqual(
      [
        { device_code: 'OLD-1', user_id: 902, requests: 2, device_model: 'iPhone 15' },
        { device_code: 'OLD-2', user_id: 901, requests: 1, device_model: 'Chrome' },
        { device_code: 'OLD-3', user_id: 0, requests: 2, device_model: null },
      ],
    );
    expect(
      await rows(sql`
        select a.attname as column from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = 'devices'::regclass and i.indisprimary order by array_position(i.indkey, a.attnum)`),
    ).toEqual([{ column: 'device_code' }, { column: 'user_id' }]);
    // Another owner may now hold the same code; the same owner twice is still refused.
    await db.execute(sql`
      insert into devices (device_code, user_id, first_seen, last_seen, requests, platform)
      values ('OLD-1', 901, now(), now(), 1, 'android')`);
    await expect(
      db.execute(sql`
        insert into devices (device_code, user_id, first_seen, last_seen, requests, platform)
        values ('OLD-1', 901, now(), now(), 1, 'android')`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`insert into devices (device_code, first_seen, last_seen, platform) values ('X', now(), now(), 'web')`),
    ).rejects.toThrow();
  });
});
