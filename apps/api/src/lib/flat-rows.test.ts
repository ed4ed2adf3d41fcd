import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, roles, users } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { flatRows } from './flat-rows.js';
import { isoText } from './resource/index.js';

// flatRows against drizzle's own mapping of the same query: the same rows, values and key order,
// nulls included, for columns, joined columns, expressions with a decoder and ISO text.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.db.execute(sql`
    insert into users (role_id, company_id, firstname, lastname, email, phone, status, password_hash, last_login_at)
    select 2, case when g % 2 = 0 then null else (select min(id) from companies) end, 'Flat' || g, 'Row', 'flat' || g || '@example.com',
           case when g % 3 = 0 then null else '+32 ' || g end, 'active', 'x',
           case when g % 2 = 0 then null else timestamptz '2024-06-01 00:00:00+00' end
    from generate_series(1, 40) g`);
});
afterAll(() => t.close());

describe('flatRows', () => {
  it("answers drizzle's rows for a list's selection (joins, nulls, expressions, ISO text)", async () => {
    // As the users list selects them (users.repository.ts).
    const fields = {
      id: users.id,
      roleName: roles.name,
      companyId: users.companyId,
      companyName: companies.name,
      phone: users.phone,
      status: users.status,
      hasApiKey: sql<boolean>`(${users.apiKeyHash} is not null)`,
      lastLoginAt: isoText(users.lastLoginAt),
      createdAt: isoText(users.createdAt),
    };
    const query = () =>
      t.app.db
        .select(fields)
        .from(users)
        .leftJoin(roles, eq(roles.id, users.roleId))
        .leftJoin(companies, eq(companies.id, users.companyId))
        .orderBy(users.id)
        .$dynamic();
    const ours = await flatRows<Record<string, unknown>>(t.app.db, query(), fields);
    const drizzles = (await query()) as Record<string, unknown>[];
    expect(ours.length).toBeGreaterThan(40);
    expect(ours).toStrictEqual(drizzles);
    expect(ours.map((r) => Object.keys(r).join())).toStrictEqual(drizzles.map((r) => Object.keys(r).join()));
    // The test data has both a null and a value in each nullable column it writes.
    for (const key of ['companyId', 'companyName', 'phone', 'lastLoginAt']) {
      expect(ours.some((r) => r[key] === null)).toBe(true);
      expect(ours.some((r) => r[key] !== null)).toBe(true);
    }
  });

  it('builds one maker per selection: another selection gets its own names', async () => {
    const fields = { name: companies.name, twice: sql<number>`${companies.id} * 2`.mapWith(Number), id: companies.id };
    const query = () => t.app.db.select(fields).from(companies).orderBy(companies.id).$dynamic();
    const rows = await flatRows<{ name: string; twice: number; id: number }>(t.app.db, query(), fields);
    expect(rows).toStrictEqual(await query());
    expect(rows.every((r) => r.twice === r.id * 2 && Object.keys(r).join() === 'name,twice,id')).toBe(true);
  });

  it('leaves a __proto__ field to drizzle instead of writing it into an object literal', async () => {
    const fields = { ['__proto__']: companies.name, id: companies.id } as const;
    const query = () => t.app.db.select(fields).from(companies).orderBy(companies.id).$dynamic();
    const rows = await flatRows<Record<string, unknown>>(t.app.db, query(), fields);
    expect(rows).toStrictEqual(await query());
    expect(rows.every((r) => Object.getPrototypeOf(r) === Object.prototype || Object.getPrototypeOf(r) === null)).toBe(true);
  });
});
