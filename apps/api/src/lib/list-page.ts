import { LIST_COUNT_CAP, type ListResult, totalPagesFor } from '@console/contract';
import { and, type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { listRowCounts } from '../db/schema/index.js';
import { flatRows } from './flat-rows.js';

/**
 * One page of a list, at the same cost on page 1 and on page 2,000 of a million rows (README
 * "Benchmarks", scripts/bench/benchmarks/list-scale.ts). lib/list-query.ts resolves the order and
 * the WHERE; this reads the rows:
 *
 * - Count: the total is exact when it is cheap. An unfiltered list with a kept row count
 *   (`rowCount`: users, user requests) reads it (one row). Otherwise at most cap + 1 rows are
 *   counted (`count(*)` over a `LIMIT 10001` subquery): above the cap the answer says
 *   `totalCapped: true` and the SPA shows "more than 10,000" (an exact total has no flag, so the
 *   spec's answer is unchanged). A page past the cap that comes back short ends the list, so its
 *   total is exact again. Counting to the cap reads 10,001 matching rows, the whole time of a
 *   search that matches a quarter of a million rows; so when the planner expects at least twice
 *   the cap (EXPLAIN, no row read), the answer is capped without counting, and a page that then
 *   comes back short or empty gets its exact total as before (from the page, or counted). A page
 *   the planner expects to be the last is read before anything is counted: when short, it is the
 *   total (pageAndCount).
 * - Skipping: an OFFSET over the list's rows reads and joins every skipped row. A page further in
 *   skips index entries only, in an index-only scan of the (sort column, id) index: a key of the
 *   list's own table that is never NULL (its index serves the order) gives the page's first row
 *   (the "boundary"), and the page is read straight down the index from there; any other key
 *   (joined, nullable) gives the page's ids, whose rows are then read and joined (deferred join).
 *   Not where the OFFSET is smaller than the page: read directly.
 * - Reverse read: with an exact total, a page past the middle is read from the other end in the
 *   reverse order (OFFSET total - offset - limit), and flipped back, so the last page costs what
 *   the first does. With a kept count, that window is computed by the database from the count as
 *   the statement runs, so the read need not wait for the count (below, readPage).
 */

/** `joined`: the key reads a joined table, so no index of the list's own table serves its order. */
export type SortKey = { expr: Column | SQL; nullable: boolean; joined?: boolean; direction: 'asc' | 'desc' };

export type PageSource = {
  db: Db;
  /** The list's FROM with the given fields (the page rows are read through it). */
  from(db: Db, fields: SelectedFields): PgSelect;
  /** The FROM of the ids query (by default `from`): the base table alone when the sort and WHERE need no join. */
  idsFrom(db: Db, fields: SelectedFields): PgSelect;
  id: PgColumn;
  key: SortKey;
  where: SQL | undefined;
  /** The exact row count of the unfiltered list, when the table keeps one. */
  rowCount?: KeptRowCount;
  cap?: number;
};

/** ORDER BY of a sort key then the id in the same direction; `reverse` reads the same order from its end. */
export function orderTerms(key: SortKey, id: Column, reverse = false): SQL[] {
  const flip = reverse !== (key.direction === 'desc');
  const dir = flip ? sql`desc` : sql`asc`;
  // Nullable keys go last in the list's order, so first when it is read backwards.
  const nulls = reverse ? sql` nulls first` : sql` nulls last`;
  return [key.nullable ? sql`${key.expr} ${dir}${nulls}` : sql`${key.expr} ${dir}`, sql`${id} ${dir}`];
}

/**
 * `offset` and `limit` choose how the page is read (the branches of pageRows); `at`, when set, is
 * what the statement reads instead: the same window of a reverse read, computed in the statement
 * from the kept count, so that it is right for the count as it stands, whatever total planned it.
 */
type Window = { offset: number; limit: number; reverse: boolean; at?: { offset: SQL; limit: SQL } };

/**
 * Where the page lies: forward from the start, or, past the middle of a known total, backward from
 * the end. `live`: the kept count as a scalar subquery, for a `total` that may be out of date.
 */
function windowOf(offset: number, limit: number, total: number | undefined, live?: SQL): Window {
  if (total === undefined || 2 * offset + limit <= total) return { offset, limit, reverse: false };
  const fromEnd = total - offset - limit;
  const w = fromEnd >= 0 ? { offset: fromEnd, limit, reverse: true } : { offset: 0, limit: Math.max(0, limit + fromEnd), reverse: true };
  if (!live) return w;
  // The two cases above as one expression each: max(0, T - offset - limit), max(0, min(limit, T - offset)).
  return {
    ...w,
    at: { offset: sql`greatest(0, ${live} - ${offset + limit})`, limit: sql`greatest(0, least(${limit}, ${live} - ${offset}))` },
  };
}

/**
 * drizzle renders any SQL object given as LIMIT or OFFSET in place (pg-core dialect: `limit ${limit}`),
 * though its types say number or placeholder: PostgreSQL takes an expression there, a scalar
 * subquery included.
 */
const amount = (n: number | SQL) => n as number;
const offsetOf = (w: Window) => amount(w.at?.offset ?? w.offset);
const limitOf = (w: Window) => amount(w.at?.limit ?? w.limit);

/** `w.limit` rows of `where` down the sort index from `offset` on; read from the end, flipped back into the list's order. */
async function readDown<Row>(
  s: PageSource,
  fields: SelectedFields,
  w: Window,
  where: SQL | undefined,
  offset: number | SQL,
): Promise<Row[]> {
  const query = s
    .from(s.db, fields)
    .where(where)
    .orderBy(...orderTerms(s.key, s.id, w.reverse))
    .limit(limitOf(w))
    .offset(amount(offset));
  const rows = await flatRows<Row>(s.db, query, fields);
  return w.reverse ? rows.reverse() : rows;
}

/**
 * The page in one statement: read directly, from its boundary row, or by the deferred join (the ids
 * subquery, index-only, LIMIT/OFFSET, reversed when reading from the end, joined back to the list's
 * FROM, which reads and joins only those rows and puts them in the list's order: a sort of `limit`
 * rows).
 */
async function pageRows<Row>(s: PageSource, fields: SelectedFields, w: Window): Promise<Row[]> {
  if (w.limit === 0 && !w.at) return [];
  // A page that skips fewer rows than it reads (the first pages, and the last ones read from the
  // end) is read straight down the sort index. The deferred join would save little there and costs:
  // looking each row up again by id, a sort, and a join the planner takes longer over (users page 1,
  // 100k rows: ~5 ms of SQL against ~1.5 ms).
  if (w.offset < w.limit) return readDown<Row>(s, fields, w, s.where, offsetOf(w));
  if (!s.key.nullable && !s.key.joined) {
    // From the boundary on: (key, id) is unique and ordered by the index, so the page is the rows at
    // or past the boundary's (key, id), read as page 1 is (user requests by time, 100k rows, 1,000
    // entries skipped: 4.3 ms of SQL, against 9.6 by the deferred join and 8.7 by OFFSET). Past the
    // last row there is no boundary: the comparison with NULL keeps no row, and the page is empty.
    const boundary = s
      .idsFrom(s.db, { key: sql`${s.key.expr}`, id: sql`${s.id}` })
      .where(s.where)
      .orderBy(...orderTerms(s.key, s.id, w.reverse))
      .limit(1)
      .offset(offsetOf(w));
    const onward = w.reverse === (s.key.direction === 'desc') ? sql`>=` : sql`<=`;
    return readDown<Row>(s, fields, w, and(s.where, sql`(${s.key.expr}, ${s.id}) ${onward} ${boundary}`), 0);
  }
  const ids = s
    .idsFrom(s.db, { pageId: sql`${s.id}`.as('page_id') })
    .where(s.where)
    .orderBy(...orderTerms(s.key, s.id, w.reverse))
    .limit(limitOf(w))
    .offset(offsetOf(w))
    .as('page_ids');
  const page = s
    .from(s.db, fields)
    .innerJoin(ids, sql`${ids.pageId} = ${s.id}`)
    .orderBy(...orderTerms(s.key, s.id));
  return flatRows<Row>(s.db, page, fields);
}

/**
 * The planner's estimate of the matching rows must be this many times the cap for the count to be
 * skipped. Its estimates of the lists' large matches came within 10 % of the truth at 100,000 and
 * 1,000,000 rows ("iphone": 28,291 for 26,000 and 252,456 for 260,000; "jonas": 70,707 for
 * 66,667), so twice the cap leaves a wide margin; a wrong guess shows only full pages as "more than".
 */
const ESTIMATE_MARGIN = 2;

/** The rows `where` matches, as one column of 1s: what the count and its estimate both read. */
const matchingRows = (s: PageSource) => s.idsFrom(s.db, { one: sql`1` }).where(s.where);

/** The planner's estimate of how many rows `where` matches: EXPLAIN plans the query and reads none. */
async function estimatedCount(s: PageSource): Promise<number> {
  const result = (await s.db.execute(sql`explain (format json) ${matchingRows(s)}`)) as unknown as { rows: Record<string, unknown>[] };
  const cell = Object.values(result.rows[0] ?? {})[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan?: { 'Plan Rows'?: number } }[];
  return Number(plan[0]?.Plan?.['Plan Rows'] ?? 0);
}

/** How many rows match, counting no further than `cap + 1`. */
async function cappedCount(s: PageSource, cap: number): Promise<number> {
  const matching = matchingRows(s)
    .limit(cap + 1)
    .as('matching');
  const [row] = await s.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(matching);
  return Number(row?.n ?? 0);
}

/**
 * A filtered page and how many rows match, up to `cap + 1`. The page is read at once; beside it
 * the planner's estimate (ESTIMATE_MARGIN) decides how the total is found:
 * - between this page's end and the margin: the capped count, beside the page, as always;
 * - within this page's end: none until the page is back, since a short page ends the list and is
 *   its own total (a rare search then reads its index once, not twice);
 * - past the margin: none for a full page (capped on the planner's word).
 * A short page is its own total on every path; an empty page past the first, or a full page the
 * estimate did not expect, is counted.
 */
async function pageAndCount<Row>(s: PageSource, fields: SelectedFields, offset: number, limit: number, cap: number) {
  const rows = pageRows<Row>(s, fields, windowOf(offset, limit, undefined));
  // Awaited on every path below; this only keeps its failure from counting as unhandled while the
  // estimate is awaited (or fails first).
  rows.catch(() => {});
  const estimate = await estimatedCount(s);
  const overMargin = estimate >= ESTIMATE_MARGIN * (cap + 1);
  const countBeside = !overMargin && estimate > offset + limit;
  const [data, besideCount] = await Promise.all([rows, countBeside ? cappedCount(s, cap) : undefined]);
  if (besideCount !== undefined) return { data, counted: besideCount };
  if (data.length < limit && (data.length > 0 || offset === 0)) return { data, counted: offset + data.length };
  if (overMargin && data.length === limit) return { data, counted: cap + 1 };
  return { data, counted: await cappedCount(s, cap) };
}

export async function readPage<Row>(s: PageSource, fields: SelectedFields, page: number, limit: number): Promise<ListResult<Row>> {
  const cap = s.cap ?? LIST_COUNT_CAP;
  const offset = (page - 1) * limit;
  const kept = s.where === undefined ? s.rowCount : undefined;
  if (kept) {
    // The page is read beside the count, not after it. Page 1 is read forward whatever the total.
    // A page further in is planned by the last total this process read (forward, or backward from
    // the end), and a backward read takes its window from the count in the same statement, so it is
    // the right page even when rows came or went since. Without a total yet, it waits for the count.
    const planned = offset === 0 ? undefined : kept.lastRead(s.db);
    const early = offset === 0 || planned !== undefined ? pageRows<Row>(s, fields, windowOf(offset, limit, planned, kept.live)) : undefined;
    early?.catch(() => {}); // awaited below; a failure of the count first must not leave it unhandled
    const total = await kept.read(s.db);
    if (total !== undefined) {
      const data = early ? await early : await pageRows<Row>(s, fields, windowOf(offset, limit, total));
      return { data, total, totalPages: totalPagesFor(total, limit) };
    }
  }
  const { data, counted } = await pageAndCount<Row>(s, fields, offset, limit, cap);
  const end = offset + data.length;
  if (counted <= cap) return { data, total: counted, totalPages: totalPagesFor(counted, limit) };
  if (end > cap && data.length > 0 && data.length < limit) {
    return { data, total: end, totalPages: totalPagesFor(end, limit) };
  }
  // Pages known to exist: those the cap covers, and this one when it has rows.
  const totalPages = Math.max(Math.ceil((cap + 1) / limit), data.length > 0 ? page : 0);
  return { data, total: cap, totalPages, totalCapped: true };
}

/** The count a list table's triggers keep (db/schema/row-counts.ts). */
export type KeptRowCount = {
  /** The count now; undefined if none is kept. */
  read(db: Db): Promise<number | undefined>;
  /** The last count `read` gave for this database in this process: a plan for the next page, never its answer. */
  lastRead(db: Db): number | undefined;
  /** The count as a scalar subquery (0 if none is kept), for a statement whose window must agree with it. */
  live: SQL;
};

export function keptRowCount(tableName: 'users' | 'user_requests'): KeptRowCount {
  const last = new WeakMap<Db, number>();
  return {
    async read(db) {
      const [row] = await db.select({ n: listRowCounts.rowCount }).from(listRowCounts).where(eq(listRowCounts.tableName, tableName));
      if (row === undefined) return undefined;
      const count = Number(row.n);
      last.set(db, count);
      return count;
    },
    lastRead: (db) => last.get(db),
    live: sql`coalesce((select ${listRowCounts.rowCount} from ${listRowCounts} where ${listRowCounts.tableName} = ${tableName}), 0)`,
  };
}
