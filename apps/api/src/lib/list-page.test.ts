import { LIST_COUNT_CAP, type ListResult } from '@console/contract';
import { sql } from 'drizzle-orm';
import { locations, toneSequences } from '../db/schema/index.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, type TestSession } from '../test/test-app.js';

// The list pages of lib/list-page.ts against a plain ORDER BY ... OFFSET: capped and exact counts,
// deferred joins, and pages past the middle read backwards, for every sort column, with filters.
let t: TestApp;
let admin: TestSession;
let locationId: number;
const GENERATED = LIST_COUNT_CAP + 50;
const REQUESTS = 3037;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  // Ties everywhere (names, timestamps, updated_at the same for all), NULLs in the nullable columns.
  await t.app.db.execute(sql`
    insert into users (role_id, company_id, firstname, lastname, email, phone, status, two_factor_enabled,
      password_hash, created_at, updated_at, last_login_at)
    select 2 + (g % 3),
           case when g % 4 = 0 then null else (select min(id) from companies) end,
           'Gen' || (g % 7), 'Last' || (g % 13), 'gen' || g || '@example.com',
           case when g % 3 = 0 then null else '+32 ' || (g % 17) end,
           case when g % 10 = 0 then 'active' else 'inactive' end,
           g % 2 = 0, 'x',
           timestamptz '2024-01-01 00:00:00+00' + (g / 4) * interval '1 second',
           timestamptz '2024-02-01 00:00:00+00',
           case when g % 3 = 1 then null else timestamptz '2024-06-01 00:00:00+00' + (g % 11) * interval '1 hour' end
    from generate_series(1, ${GENERATED}) g`);
  // Two locations with 3 and 2 tone sequences (lib may not import a module's test helpers).
  const seqs: { id: number; code: string; loc: number }[] = [];
  for (const [i, count] of [3, 2].entries()) {
    const [loc] = await t.app.db
      .insert(locations)
      .values({ name: `List scale hall ${i}` })
      .returning({ id: locations.id });
    const rows = await t.app.db
      .insert(toneSequences)
      .values(Array.from({ length: count }, (_, k) => ({ name: `Scale seq ${i}-${k}`, code: `LS-${i}-${k}`, locationId: loc!.id })))
      .returning({ id: toneSequences.id, code: toneSequences.code });
    seqs.push(...rows.map((r) => ({ ...r, loc: loc!.id })));
  }
  locationId = seqs[0]!.loc;
  await t.app.db.execute(sql`
    insert into user_requests (event_id, device_code, tone_sequence_id, location_id, tone_code, platform,
      device_model, os_version, app_version, requested_at, received_at)
    select gen_random_uuid(), 'DEV-' || (g % 97), (${sql.raw(`array[${seqs.map((s) => s.id).join(',')}]`)})[1 + g % ${seqs.length}],
      (${sql.raw(`array[${seqs.map((s) => s.loc).join(',')}]`)})[1 + g % ${seqs.length}],
      (${sql.raw(`array[${seqs.map((s) => `'${s.code}'`).join(',')}]`)})[1 + g % ${seqs.length}],
      (array['android', 'ios', 'web', 'other'])[1 + g % 4],
      case when g % 5 = 0 then null else (array['Pixel 8', 'iPhone 15', 'Chrome'])[1 + g % 3] end,
      case when g % 6 = 0 then null else (array['14', '17.5', '18.1'])[1 + g % 3] end,
      case when g % 7 = 0 then null else (array['2.3.0', '2.4.0'])[1 + g % 2] end,
      timestamptz '2025-03-01 00:00:00+00' + (g / 3) * interval '1 minute',
      timestamptz '2025-03-01 00:00:00+00' + (g / 5) * interval '1 minute'
    from generate_series(1, ${REQUESTS}) g`);
});
afterAll(() => t?.close());

type Sort = { field: string; expr: string; nullable?: boolean };

async function page(path: string, query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await t.as(admin, { url: `/api${path}?${qs}` });
  expect(res.statusCode).toBe(200);
  return res.json<ListResult<{ id: number }>>();
}

/** The plain query: the same FROM and WHERE, ORDER BY the key (NULLs last both ways) then id, LIMIT/OFFSET. */
async function plain(from: string, where: string, s: Sort, dir: 'asc' | 'desc', limit: number, offset: number) {
  const key = `${s.expr} ${dir}${s.nullable ? ' nulls last' : ''}`;
  const res = await t.app.db.execute(
    sql.raw(`select x.id from ${from} ${where ? `where ${where}` : ''} order by ${key}, x.id ${dir} limit ${limit} offset ${offset}`),
  );
  return (res as unknown as { rows: { id: number | string }[] }).rows.map((r) => Number(r.id));
}

async function expectSamePages(
  path: string,
  from: string,
  sorts: Sort[],
  opts: { filter?: Record<string, string | number>; where?: string; limit: number; pages: number[] },
) {
  for (const s of sorts) {
    for (const dir of ['asc', 'desc'] as const) {
      for (const p of opts.pages) {
        const res = await page(path, { ...opts.filter, sortField: s.field, sortOrder: dir, page: p, limit: opts.limit });
        const expected = await plain(from, opts.where ?? '', s, dir, opts.limit, (p - 1) * opts.limit);
        expect(
          res.data.map((r) => r.id),
          `${s.field} ${dir} page ${p}`,
        ).toEqual(expected);
      }
    }
  }
}

const USERS_FROM = 'users x left join roles r on r.id = x.role_id left join companies c on c.id = x.company_id';
const USER_SORTS: Sort[] = [
  { field: 'id', expr: 'x.id' },
  { field: 'firstname', expr: 'x.firstname' },
  { field: 'lastname', expr: 'x.lastname' },
  { field: 'email', expr: 'x.email' },
  { field: 'roleName', expr: 'r.name' },
  { field: 'companyName', expr: 'c.name', nullable: true },
  { field: 'phone', expr: 'x.phone', nullable: true },
  { field: 'status', expr: 'x.status' },
  { field: 'twoFactorEnabled', expr: 'x.two_factor_enabled' },
  { field: 'lastLoginAt', expr: 'x.last_login_at', nullable: true },
  { field: 'createdAt', expr: 'x.created_at' },
  { field: 'updatedAt', expr: 'x.updated_at' },
];

const REQUESTS_FROM = 'user_requests x join locations l on l.id = x.location_id join tone_sequences s on s.id = x.tone_sequence_id';
const REQUEST_SORTS: Sort[] = [
  { field: 'id', expr: 'x.id' },
  { field: 'deviceCode', expr: 'x.device_code' },
  { field: 'locationName', expr: 'l.name' },
  { field: 'toneSequenceName', expr: 's.name' },
  { field: 'toneCode', expr: 'x.tone_code' },
  { field: 'platform', expr: 'x.platform' },
  { field: 'deviceModel', expr: 'x.device_model', nullable: true },
  { field: 'osVersion', expr: 'x.os_version', nullable: true },
  { field: 'appVersion', expr: 'x.app_version', nullable: true },
  { field: 'requestedAt', expr: 'x.requested_at' },
  { field: 'receivedAt', expr: 'x.received_at' },
];

const countOf = async (table: string) =>
  Number(((await t.app.db.execute(sql.raw(`select count(*) as n from ${table}`))) as unknown as { rows: { n: string }[] }).rows[0]?.n);

describe('list counts', () => {
  it('an unfiltered list reports the exact count its triggers keep, past the cap, and it follows inserts and deletes', async () => {
    const all = await page('/users', { limit: 10 });
    expect(all.total).toBe(await countOf('users'));
    expect(all.total).toBeGreaterThan(LIST_COUNT_CAP);
    expect(all.totalCapped).toBeUndefined();
    await t.app.db.execute(sql`delete from users where email in ('gen1@example.com', 'gen2@example.com', 'gen3@example.com')`);
    const after = await page('/users', { limit: 10 });
    expect(after.total).toBe(all.total - 3);
    expect(after.total).toBe(await countOf('users'));
    expect((await page('/user-request', { limit: 10 })).total).toBe(await countOf('user_requests'));
  });

  it('a filtered list over the cap says the total is capped; under it the total is exact', async () => {
    const over = await page('/users', { search: 'gen', limit: 500 });
    expect(over).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true, totalPages: Math.ceil((LIST_COUNT_CAP + 1) / 500) });
    expect(over.data).toHaveLength(500);

    const inactive = await countOf(`users where status = 'inactive'`);
    expect(inactive).toBeLessThanOrEqual(LIST_COUNT_CAP);
    const under = await page('/users', { status: 'inactive', limit: 500 });
    expect(under).toMatchObject({ total: inactive, totalPages: Math.ceil(inactive / 500) });
    expect(under.totalCapped).toBeUndefined();
  });

  it('a short page past the cap ends the list, so its total is exact again', async () => {
    const matching = await countOf(`users where (firstname || ' ' || lastname || ' ' || email) ilike '%gen%'`);
    const last = await page('/users', { search: 'gen', limit: 500, page: Math.ceil(matching / 500) });
    expect(last.data.length).toBe(matching % 500);
    expect(last.total).toBe(matching);
    expect(last.totalCapped).toBeUndefined();
  });
});

// Many requests per test: generous time for PGlite on a busy machine (no assertion is timed).
describe('deep pages are the rows of a plain ORDER BY ... OFFSET', { timeout: 240_000 }, () => {
  it('users, unfiltered (pages past the middle read backwards), every sort column both ways', async () => {
    await expectSamePages('/users', USERS_FROM, USER_SORTS, { limit: 100, pages: [1, 51, 52, 101, 102] });
  });

  it('users, filtered (exact count), forward reads', async () => {
    await expectSamePages('/users', USERS_FROM, USER_SORTS, {
      filter: { status: 'inactive' },
      where: `x.status = 'inactive'`,
      limit: 100,
      pages: [1, 91],
    });
  });

  it('users, searched (capped and exact counts), forward reads', async () => {
    const search = (term: string) => `(x.firstname || ' ' || x.lastname || ' ' || x.email) ilike '%${term}%'`;
    const some = USER_SORTS.filter((s) => ['email', 'companyName', 'lastLoginAt', 'createdAt'].includes(s.field));
    await expectSamePages('/users', USERS_FROM, some, { filter: { search: 'GEN' }, where: search('gen'), limit: 100, pages: [1, 101] });
    await expectSamePages('/users', USERS_FROM, some, { filter: { search: 'gen3' }, where: search('gen3'), limit: 100, pages: [1, 8] });
    // Looked up by "n100" (lib/search-term.ts: ~60 rows), checked for the whole term (1 row).
    await expectSamePages('/users', USERS_FROM, some, {
      filter: { search: 'N100@Exa' },
      where: search('n100@exa'),
      limit: 100,
      pages: [1],
    });
  });

  it('user requests, unfiltered, every sort column both ways', async () => {
    await expectSamePages('/user-request', REQUESTS_FROM, REQUEST_SORTS, { limit: 100, pages: [1, 16, 17, 31] });
  });

  const requestFilters: [string, Record<string, string | number>, () => string][] = [
    ['platform', { platform: 'ios' }, () => `x.platform = 'ios'`],
    ['location', {}, () => `x.location_id = ${locationId}`],
    [
      'dates',
      { from: '2025-03-01T10:00:00Z', to: '2025-03-02' },
      () => `x.requested_at >= '2025-03-01T10:00:00Z' and x.requested_at < '2025-03-03'`,
    ],
    ['search', { search: 'pixel' }, () => `(x.device_code || ' ' || x.tone_code || ' ' || coalesce(x.device_model, '')) ilike '%pixel%'`],
  ];
  it.each(requestFilters)('user requests, filtered by %s, every sort column', async (name, filter, where) => {
    const query = name === 'location' ? { locationId } : filter;
    await expectSamePages('/user-request', REQUESTS_FROM, REQUEST_SORTS, { limit: 100, pages: [1, 6], filter: query, where: where() });
  });
});

describe('how a page further in is read', () => {
  /** The statement that reads the rows of a user-request page (not its count). */
  async function pageStatement(query: Record<string, string | number>) {
    const spy = vi.spyOn(t.app.db._.session, 'prepareQuery');
    try {
      await page('/user-request', query);
      return spy.mock.calls.map(([q]) => q.sql.toLowerCase()).find((text) => text.includes('"event_id"'));
    } finally {
      spy.mockRestore();
    }
  }

  it('an own key that is never NULL: from its boundary row, which an index-only subquery of one row finds', async () => {
    const read = await pageStatement({ page: 6, limit: 100, platform: 'ios' });
    expect(read).toMatch(/\("user_requests"\."requested_at", "user_requests"\."id"\) <= \(select .* limit \$\d+ offset \$\d+\)/);
    expect(read).not.toContain('page_ids');
  });

  it('a joined or nullable key: by the deferred join of the page ids', async () => {
    for (const sortField of ['locationName', 'deviceModel']) {
      const read = await pageStatement({ page: 6, limit: 100, platform: 'ios', sortField, sortOrder: 'asc' });
      expect(read, sortField).toContain('page_ids');
    }
  });

  it('past the middle of an unfiltered list, the window comes from the kept count in the same statement', async () => {
    // The first deep read of a database waits for the count; the next ones are planned by the last
    // total and read beside the count, their window computed from the count as the statement runs.
    const deep = async (p: number) => {
      const spy = vi.spyOn(t.app.db._.session, 'prepareQuery');
      try {
        const res = await page('/user-request', { page: p, limit: 100, sortField: 'deviceCode', sortOrder: 'asc' });
        const read = spy.mock.calls.map(([q]) => q.sql.toLowerCase()).find((text) => text.includes('"event_id"'));
        return { res, read };
      } finally {
        spy.mockRestore();
      }
    };
    await deep(2);
    const { read } = await deep(29);
    expect(read).toMatch(/offset greatest\(0, coalesce\(\(select "list_row_counts"\."row_count"/);
  });

  it('a page read backwards by the last total is the right page after rows came or went since', async () => {
    const sort: Sort = { field: 'email', expr: 'x.email' };
    const last = Math.ceil((await countOf('users')) / 100);
    await page('/users', { sortField: 'email', sortOrder: 'desc', page: last - 1, limit: 100 }); // this process's last total
    const cases = [
      ['desc', last - 1, 37],
      ['asc', last, -5],
      ['asc', last + 1, 64],
      ['desc', 3, 1],
    ] as const;
    for (const [n, [dir, p, change]] of cases.entries()) {
      // Rows after the others in e-mail order, or gone: the last total read is out by `change`.
      if (change > 0) {
        await t.app.db.execute(sql`
          insert into users (role_id, firstname, lastname, email, status, two_factor_enabled, password_hash)
          select 2, 'Late', 'Comer', 'zz-late-' || ${n} || '-' || g || '@example.com', 'active', false, 'x'
          from generate_series(1, ${change}) g`);
      } else {
        await t.app.db.execute(
          sql`delete from users where id in (select id from users where email like 'gen%' order by id limit ${-change})`,
        );
      }
      const res = await page('/users', { sortField: 'email', sortOrder: dir, page: p, limit: 100 });
      expect(res.total).toBe(await countOf('users'));
      expect(
        res.data.map((r) => r.id),
        `${dir} page ${p}`,
      ).toEqual(await plain(USERS_FROM, '', sort, dir, 100, (p - 1) * 100));
    }
    await t.app.db.execute(sql`delete from users where email like 'zz-late-%'`);
  });

  it('past the last row there is no boundary, and the page is empty', async () => {
    const filtered = await page('/user-request', { page: 1000, limit: 100, platform: 'ios' });
    expect(filtered.data).toEqual([]);
    const searched = await page('/users', { page: 1000, limit: 100, search: 'gen3', sortField: 'email', sortOrder: 'desc' });
    expect(searched.data).toEqual([]);
  });
});
