import { listQuerySchema } from '@console/contract';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, roles, users } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { isAppError } from './app-error.js';
import { defineList } from './list-query.js';

let t: TestApp;
const N = 1200;

// Users of the seed plus N generated ones: duplicated timestamps (several rows per microsecond
// value and per millisecond), NULL last-login values and company names, and LIKE wildcards.
beforeAll(async () => {
  t = await createTestApp();
  await t.app.db.execute(sql`
    insert into users (role_id, company_id, firstname, lastname, email, password_hash, created_at, last_login_at)
    select 2 + (g % 3),
           case when g % 4 = 0 then null else (select min(id) from companies) end,
           case when g % 50 = 0 then 'Per_cent 100%' else 'Gen' || (g % 7) end,
           'User' || lpad(g::text, 5, '0'),
           'gen' || g || '@example.com',
           'x',
           timestamptz '2024-01-01 00:00:00.000001+00' + ((g / 3) * interval '1 microsecond') + ((g % 5) * interval '1 second'),
           case when g % 3 = 0 then null else timestamptz '2024-06-01 00:00:00+00' + (g % 11) * interval '1 hour' end
    from generate_series(1, ${N}) g`);
});
afterAll(() => t?.close());

const list = defineList({
  fields: {
    id: users.id,
    email: users.email,
    firstname: users.firstname,
    createdAt: users.createdAt,
    lastLoginAt: users.lastLoginAt,
    roleName: roles.name,
    companyName: companies.name,
  },
  from: (db, fields) =>
    db
      .select(fields)
      .from(users)
      .leftJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(companies, eq(companies.id, users.companyId))
      .$dynamic(),
  id: users.id,
  sortFields: {
    id: users.id,
    email: users.email,
    createdAt: users.createdAt,
    lastLoginAt: users.lastLoginAt,
    roleName: { expr: roles.name, nullable: false },
    companyName: { expr: companies.name, nullable: true },
  },
  defaultSort: { field: 'createdAt', order: 'desc' },
  search: [sql`(${users.firstname} || ' ' || ${users.lastname} || ' ' || ${users.email})`],
  toDto: (r) => ({ ...r, createdAt: r.createdAt.toISOString() }),
});

const q = (input: Record<string, unknown>) => listQuerySchema.parse(input);

async function allPages(input: Record<string, unknown>, limit = 500) {
  const out: number[] = [];
  for (let page = 1; ; page++) {
    const res = await list.page(t.app.db, q({ ...input, page, limit }));
    out.push(...res.data.map((r) => r.id));
    if (page >= res.totalPages) return { ids: out, total: res.total };
  }
}
async function exported(input: Record<string, unknown>, batch = 97) {
  const out: number[] = [];
  for await (const r of list.rows(t.app.db, q(input), [], batch)) out.push(r.id);
  return out;
}

describe('defineList', () => {
  it('pages with total and totalPages, and the default order is newest first with id as tie-breaker', async () => {
    const res = await list.page(t.app.db, q({ page: 2, limit: 25 }));
    expect(res.data).toHaveLength(25);
    expect(res.total).toBe(N + 4);
    expect(res.totalPages).toBe(Math.ceil((N + 4) / 25));
    const [{ n }] = await t.app.db.select({ n: count() }).from(users);
    expect(res.total).toBe(n);
  });

  it.each([
    [{}],
    [{ sortField: 'createdAt', sortOrder: 'asc' }],
    [{ sortField: 'lastLoginAt:desc', sortOrder: 'desc' }],
    [{ sortField: 'lastLoginAt', sortOrder: 'asc' }],
    [{ sortField: 'companyName', sortOrder: 'desc' }],
    [{ sortField: 'roleName', sortOrder: 'asc' }],
    [{ sortField: 'email', sortOrder: 'desc', search: 'gen1' }],
  ])('the export (keyset, small batches) yields exactly the pages in the same order: %j', async (input) => {
    const pages = await allPages(input);
    const rows = await exported(input);
    expect(new Set(pages.ids).size).toBe(pages.ids.length);
    expect(rows).toEqual(pages.ids);
    expect(rows).toHaveLength(pages.total);
  });

  it('orders nulls last in both directions and keeps ties in id order', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const rows: { id: number; lastLoginAt: Date | null }[] = [];
      for await (const r of list.rows(t.app.db, q({ sortField: 'lastLoginAt', sortOrder: order }))) rows.push(r);
      const firstNull = rows.findIndex((r) => r.lastLoginAt === null);
      expect(firstNull).toBeGreaterThan(0);
      expect(rows.slice(firstNull).every((r) => r.lastLoginAt === null)).toBe(true);
      const ids = rows.slice(firstNull).map((r) => r.id);
      expect(ids).toEqual([...ids].sort((a, b) => (order === 'asc' ? a - b : b - a)));
    }
  });

  it('searches with ILIKE, escaping % and _', async () => {
    const res = await list.page(t.app.db, q({ search: 'per_cent 100%', limit: 500 }));
    expect(res.total).toBe(N / 50);
    expect(res.data.every((r) => r.firstname === 'Per_cent 100%')).toBe(true);
    expect((await list.page(t.app.db, q({ search: '%' }))).total).toBe(N / 50);
    expect((await list.page(t.app.db, q({ search: 'nobody-here' }))).data).toEqual([]);
  });

  it('applies extra filters to the page, the count and the export', async () => {
    const filters = [eq(users.roleId, 3)];
    const res = await list.page(t.app.db, q({ limit: 500 }), filters);
    expect(res.data.every((r) => r.roleName === 'Support Agent')).toBe(true);
    const rows: number[] = [];
    for await (const r of list.rows(t.app.db, q({}), filters)) rows.push(r.id);
    expect(rows).toHaveLength(res.total);
  });

  it('refuses an unknown sortField and a limit above the maximum with field errors', async () => {
    const err = await list.page(t.app.db, q({ sortField: 'passwordHash' })).catch((e: unknown) => e);
    expect(isAppError(err) && err.statusCode).toBe(400);
    expect(isAppError(err) && err.fieldErrors?.sortField).toMatch(/Cannot sort by "passwordHash". Sortable fields: id, email/);
    const big = await list.page(t.app.db, q({ limit: 1000 })).catch((e: unknown) => e);
    expect(isAppError(big) && big.fieldErrors).toEqual({ limit: 'At most 500 rows per page' });
    // sortField "constructor" must not reach Object.prototype.
    const proto = await list.page(t.app.db, q({ sortField: 'constructor' })).catch((e: unknown) => e);
    expect(isAppError(proto) && proto.statusCode).toBe(400);
  });

  it('rows() refuses an unknown sortField when called, before the first row is pulled (an export answers 400, not a cut-off file)', () => {
    let err: unknown;
    try {
      list.rows(t.app.db, q({ sortField: 'passwordHash' }));
    } catch (e) {
      err = e;
    }
    expect(isAppError(err) && err.fieldErrors?.sortField).toMatch(/Cannot sort by "passwordHash"/);
  });

  it('answers an empty page beyond the end with the real total', async () => {
    const res = await list.page(t.app.db, q({ page: 999, limit: 500 }));
    expect(res.data).toEqual([]);
    expect(res.total).toBe(N + 4);
  });
});
