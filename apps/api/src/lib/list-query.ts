import type { ListQuery, ListResult } from '@console/contract';
import { and, Column, is, or, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../db/client.js';
import { AppError } from './app-error.js';
import { keysetRows } from './export/index.js';
import { escapeLike } from './list.js';
import { type KeptRowCount, orderTerms, readPage } from './list-page.js';
import { indexedPart } from './search-term.js';

/**
 * The list machinery every list and export route uses (spec s.3 list query and result).
 *
 * - Sorting is whitelisted: `sortFields` maps the API's sortField (already cut at the first
 *   colon by the contract's listQuerySchema) to a column or SQL expression. An unknown
 *   sortField is refused with 400 VALIDATION and `fieldErrors.sortField` listing the allowed
 *   names (a typo in the SPA shows up at once instead of silently sorting by something else).
 *   Without sortField the list uses `defaultSort` (newest first, by convention).
 * - Every order ends with the row id in the same direction, so pages never overlap or skip and
 *   the export sees rows in exactly the list's order. Nullable sort keys go last in both
 *   directions (`NULLS LAST`); NOT NULL columns keep the plain order so their indexes serve it.
 * - search: `ILIKE '%term%'` over the given expressions (OR), wildcards escaped, or `LIKE` over a
 *   column kept lower-cased (`{ lowerCased }`, e.g. users.search_text). Give each a trigram index
 *   so the index serves it.
 * - filters: extra WHERE conditions from the route (status, roleId, scoping to the caller...).
 * - page: the rows skipped are index entries (an index-only scan finds the page's first row or its
 *   ids), then the page's rows are read; a count that stops at 10,000
 *   (`totalCapped` above it) unless the list keeps its row count (`rowCount`); pages past the
 *   middle of a known total read backwards from the end (lib/list-page.ts, measured on a million
 *   rows: scripts/bench/benchmarks/list-scale.ts). Give each own sort column a (column, id) index.
 * - rows: every row the same query selects (page/limit ignored), same order, fetched by keyset
 *   on (sort key, id) in batches, so memory stays constant for any row count.
 *
 * `from(db, fields)` must build `db.select(fields).from(table)...joins...$dynamic()` and nothing
 * more (no where/orderBy/limit): the helper calls it with the page fields, with `count(*)` and
 * with the export fields, so all three share one FROM clause.
 *
 * Columns in `sql` expressions are left unqualified by drizzle when the FROM has one table: write
 * subqueries with explicit aliases (see companies' userCount).
 *
 * Usage (modules/users is the full example; roles, activity and sessions follow it):
 *
 *   export const thingsList = defineList({
 *     fields: { id: things.id, name: things.name, ownerName: users.firstname, createdAt: things.createdAt },
 *     from: (db, fields) => db.select(fields).from(things).leftJoin(users, eq(users.id, things.ownerId)).$dynamic(),
 *     id: things.id,
 *     sortFields: { id: things.id, name: things.name, ownerName: { expr: users.firstname, nullable: true }, createdAt: things.createdAt },
 *     defaultSort: { field: 'createdAt', order: 'desc' },
 *     search: [things.name],
 *     toDto: (r) => ({ ...r, createdAt: r.createdAt.toISOString() }),
 *   });
 *   // GET /things         querystring: listQuerySchema.extend(extra.shape)
 *   r.get('/things', ..., async (req) => thingsList.page(app.db, req.query, [eq(things.status, req.query.status)]));
 *   // GET /things/export/:format   params: exportParamSchema, querystring: exportQuerySchema.extend(extra.shape)
 *   r.get('/things/export/:format', ..., async (req, reply) => sendExport(req, reply, {
 *     format: req.params.format, title: 'Things', entity: 'thing', columns, rows: thingsList.rows(app.db, req.query, filters) }));
 */

type SortExpression = Column | SQL;
/** `joined`: the expression reads a joined table, so the ids query needs the whole `from` (see `idsFrom`). */
type SortEntry = SortExpression | { expr: SortExpression; nullable?: boolean; joined?: boolean };
/**
 * `ILIKE` over an expression, or `LIKE` of the lower-cased term over a column the database keeps
 * lower-cased (`{ lowerCased }`: a stored generated column such as users.search_text). The second
 * is the same match (ILIKE lower-cases both sides with lower()) without lower-casing every
 * candidate row on every read: the big lists' common searches.
 */
type SearchEntry = SortExpression | { lowerCased: PgColumn };

export interface ListDefinition<F extends SelectedFields, Dto> {
  fields: F;
  from(db: Db, fields: SelectedFields): PgSelect;
  /** Unique row id: the tie-breaker of every order and the second half of the keyset cursor. */
  id: PgColumn;
  sortFields: Record<string, SortEntry>;
  defaultSort: { field: string; order: 'asc' | 'desc' };
  search?: SearchEntry[];
  /**
   * The FROM of a page's ids query when the list's joins only add columns (user requests: the
   * location and tone names), so the ids come from the base table's indexes alone. It must hold
   * every column the search and the filters read; sort entries marked `joined` still use `from`.
   * Worth it even for left joins the planner drops: their columns still keep it from an
   * index-only scan.
   */
  idsFrom?(db: Db, fields: SelectedFields): PgSelect;
  /** The exact row count of the unfiltered list (kept by triggers: db/schema/row-counts.ts), read instead of counting. */
  rowCount?: KeptRowCount;
  /** Largest `limit` accepted (default 500, the biggest row-limit option; companies allow 1000). */
  maxLimit?: number;
  toDto(row: SelectResultFields<F>): Dto;
}

export type ListInput = Pick<ListQuery, 'page' | 'limit' | 'search' | 'sortField' | 'sortOrder'>;
export type Filter = SQL | undefined;

export interface ListHandle<F extends SelectedFields, Dto> {
  readonly definition: ListDefinition<F, Dto>;
  /** The page the query asks for, with total and totalPages. */
  page(db: Db, query: ListInput, filters?: Filter[]): Promise<ListResult<Dto>>;
  /** Every row the query selects, in list order, at constant memory (for exports). Throws at once for an unknown sortField. */
  rows(db: Db, query: ListInput, filters?: Filter[], batchSize?: number): AsyncGenerator<Dto, void, undefined>;
  /** The resolved order (for tests and callers that need the column). */
  order(query: Pick<ListInput, 'sortField' | 'sortOrder'>): ResolvedOrder;
  /** The WHERE of a query (search + filters), e.g. for a custom aggregate over the same rows. */
  where(query: Pick<ListInput, 'search'>, filters?: Filter[]): SQL | undefined;
}

type ResolvedOrder = { field: string; expr: SortExpression; nullable: boolean; joined: boolean; direction: 'asc' | 'desc' };

const DEFAULT_MAX_LIMIT = 500;
const SORT_KEY = '__sortKey';
const ROW_ID = '__rowId';

export function defineList<F extends SelectedFields, Dto>(definition: ListDefinition<F, Dto>): ListHandle<F, Dto> {
  const { id } = definition;
  const names = Object.keys(definition.sortFields);
  if (!definition.sortFields[definition.defaultSort.field]) {
    throw new Error(`defineList: defaultSort.field ${definition.defaultSort.field} is not in sortFields`);
  }

  function order(query: Pick<ListInput, 'sortField' | 'sortOrder'>): ResolvedOrder {
    const field = query.sortField || definition.defaultSort.field;
    const entry = definition.sortFields[field];
    if (!entry || !Object.hasOwn(definition.sortFields, field)) {
      const message = `Cannot sort by "${field}". Sortable fields: ${names.join(', ')}`;
      throw new AppError('VALIDATION', message, { sortField: message });
    }
    const direction = query.sortField ? (query.sortOrder === 'desc' ? 'desc' : 'asc') : definition.defaultSort.order;
    const expr = isEntryObject(entry) ? entry.expr : entry;
    const nullable = isEntryObject(entry) && entry.nullable !== undefined ? entry.nullable : is(expr, Column) ? !expr.notNull : true;
    const joined = isEntryObject(entry) && entry.joined === true;
    return { field, expr, nullable, joined, direction };
  }

  const orderBy = (o: ResolvedOrder): SQL[] => orderTerms(o, id);

  function where(query: Pick<ListInput, 'search'>, filters: Filter[] = []): SQL | undefined {
    const conditions = [...filters];
    const term = query.search?.trim();
    if (term && definition.search?.length) {
      const pattern = `%${escapeLike(term)}%`;
      // A lower-cased column is looked up by its index with the term's indexed part, if it has one
      // (lib/search-term.ts), and the rows found are checked for the whole term (strpos: no wildcards).
      const part = indexedPart(term);
      const lowerCased = (column: PgColumn) =>
        part === undefined
          ? sql`${column} like lower(${pattern})`
          : sql`(${column} like lower(${`%${escapeLike(part)}%`}) and strpos(${column}, lower(${term})) > 0)`;
      conditions.push(or(...definition.search.map((e) => ('lowerCased' in e ? lowerCased(e.lowerCased) : sql`${e} ilike ${pattern}`))));
    }
    return and(...conditions);
  }

  function checkLimit(limit: number) {
    const max = definition.maxLimit ?? DEFAULT_MAX_LIMIT;
    if (limit > max) {
      const message = `At most ${max} rows per page`;
      throw new AppError('VALIDATION', message, { limit: message });
    }
  }

  return {
    definition,
    order,
    where,

    async page(db, query, filters) {
      checkLimit(query.limit);
      const o = order(query);
      const w = where(query, filters);
      const idsFrom = definition.idsFrom && !o.joined ? definition.idsFrom : definition.from;
      const result = await readPage<SelectResultFields<F>>(
        { db, from: definition.from, idsFrom, id, key: o, where: w, rowCount: definition.rowCount },
        definition.fields,
        query.page,
        query.limit,
      );
      return { ...result, data: result.data.map((r) => definition.toDto(r)) };
    },

    rows(db, query, filters, batchSize = 1000) {
      // Resolved now, not on the first pull: an unknown sortField must be a 400 before the export
      // route sends its headers, not a download cut off after them.
      const o = order(query);
      const base = where(query, filters);
      // The sort key travels as text: a timestamptz read into a JS Date loses its microseconds,
      // and a cursor that is off by less than a millisecond would repeat or skip rows. Compared
      // against the column, the text parameter is read back in the column's own type.
      const fields = { ...definition.fields, [SORT_KEY]: sql<string | null>`(${o.expr})::text`, [ROW_ID]: id } as SelectedFields;
      type Raw = SelectResultFields<F> & { [SORT_KEY]: string | null; [ROW_ID]: number | string };
      type Cursor = { key: string | null; id: number | string };
      const fetchPage = async (after: Cursor | null, limit: number) => {
        const w = after ? and(base, keysetAfter(o, id, after)) : base;
        return (await definition
          .from(db, fields)
          .where(w)
          .orderBy(...orderBy(o))
          .limit(limit)) as Raw[];
      };
      return (async function* () {
        for await (const row of keysetRows<Raw, Cursor>(fetchPage, batchSize, (r) => ({ key: r[SORT_KEY], id: r[ROW_ID] }))) {
          yield definition.toDto(row);
        }
      })();
    },
  };
}

/** Rows strictly after the cursor in the order `orderBy` produces (nulls last in both directions). */
function keysetAfter(o: ResolvedOrder, id: Column, after: { key: string | null; id: number | string }): SQL {
  const past = o.direction === 'asc' ? sql`>` : sql`<`;
  const pastOrAt = o.direction === 'asc' ? sql`>=` : sql`<=`;
  const idPast = sql`${id} ${past} ${after.id}`;
  if (after.key === null) return sql`(${o.expr} is null and ${idPast})`;
  // "key >= k AND (key > k OR id past)" lets an index on the sort key bound the scan.
  const core = sql`(${o.expr} ${pastOrAt} ${after.key} and (${o.expr} ${past} ${after.key} or ${idPast}))`;
  return o.nullable ? sql`(${core} or ${o.expr} is null)` : core;
}

function isEntryObject(e: SortEntry): e is { expr: SortExpression; nullable?: boolean } {
  return !is(e, Column) && !is(e, SQL) && 'expr' in e;
}
