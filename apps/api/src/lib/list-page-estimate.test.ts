import { LIST_COUNT_CAP, type ListResult } from '@console/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestSession } from '../test/test-app.js';

// A filtered list whose planner expects far more rows than the cap answers "more than 10,000"
// without counting (lib/list-page.ts, ESTIMATE_MARGIN), and a wrong expectation never shows a
// short or empty page as capped. The planner is made wrong the way production makes it wrong:
// statistics taken before most of the matching rows were deleted.
let t: TestApp;
let admin: TestSession;
const INSERTED = 3 * (LIST_COUNT_CAP + 1);
const KEPT = 4_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  await t.app.db.execute(sql`
    insert into users (role_id, firstname, lastname, email, status, password_hash)
    select 2, 'Est', 'Plannerguess', 'plannerguess' || g || '@example.com', 'active', 'x'
    from generate_series(1, ${INSERTED}) g`);
  await t.app.db.execute(sql`analyze users`);
  // No ANALYZE after this: the planner still expects INSERTED rows.
  await t.app.db.execute(sql`delete from users where lastname = 'Plannerguess' and substring(email from '[0-9]+')::int > ${KEPT}`);
}, 240_000);
afterAll(() => t?.close());

async function page(query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await t.as(admin, { url: `/api/users?${qs}` });
  expect(res.statusCode).toBe(200);
  return res.json<ListResult<{ email: string }>>();
}

describe('capped totals from the planner estimate', () => {
  it('a full page is answered capped without counting when the planner expects over twice the cap', async () => {
    const first = await page({ search: 'plannerguess', limit: 500 });
    // Counted, this would be exactly KEPT.
    expect(first).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true });
    expect(first.data).toHaveLength(500);
  });

  it('a short page under a wrong estimate ends the list with its exact total', async () => {
    const short = await page({ search: 'plannerguess', limit: 300, page: Math.ceil(KEPT / 300) });
    expect(short.data).toHaveLength(KEPT % 300);
    expect(short.total).toBe(KEPT);
    expect(short.totalCapped).toBeUndefined();
  });

  it('an empty page under a wrong estimate is counted, not shown as capped', async () => {
    const empty = await page({ search: 'plannerguess', limit: 500, page: KEPT / 500 + 2 });
    expect(empty.data).toHaveLength(0);
    expect(empty.total).toBe(KEPT);
    expect(empty.totalCapped).toBeUndefined();
  });

  it('with fresh statistics the same search is counted exactly', async () => {
    await t.app.db.execute(sql`analyze users`);
    const first = await page({ search: 'plannerguess', limit: 500 });
    expect(first.total).toBe(KEPT);
    expect(first.totalCapped).toBeUndefined();
    expect(first.totalPages).toBe(KEPT / 500);
  });
});
