import { type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import type { Filter, ListDefinition } from '../list-query.js';

type SortMap = ListDefinition<SelectedFields, unknown>['sortFields'];
type Join = readonly ['inner' | 'left', PgTable, SQL];

/**
 * A list's FROM (defineList `from`): the table and its joins, e.g.
 * `listFrom(locations, ['left', clients, eq(clients.id, locations.clientId)])`. The page, the count
 * and the export all select through it.
 */
export const listFrom =
  (table: PgTable, ...joins: Join[]) =>
  (db: Db, fields: SelectedFields): PgSelect =>
    joins.reduce<PgSelect>(
      (query, [kind, joined, on]) => (kind === 'left' ? query.leftJoin(joined, on) : query.innerJoin(joined, on)),
      db.select(fields).from(table).$dynamic() as PgSelect,
    );

/**
 * A list's sort map (defineList `sortFields`) from the contract's `list.sortFields`: each name
 * sorts by the column or expression the list selects under that name (a timestamp selected as
 * `isoText`: by its column, which its index serves), or by its entry in `entries` where that is
 * not it (a left-joined column that can be null, a count that never is, a value computed from
 * other columns). A name with neither fails at start-up.
 */
export function sortFieldsOf(fields: SelectedFields, names: readonly string[], entries: SortMap = {}): SortMap {
  return Object.fromEntries(
    names.map((name) => {
      const field = fields[name];
      const entry = entries[name] ?? ((field && isoTextColumns.get(field as SQL)) || (field as SortMap[string] | undefined));
      if (!entry) throw new Error(`sortFieldsOf: the list selects no field "${name}"`);
      return [name, entry];
    }),
  );
}

/**
 * The WHERE conditions of a list's equality filters (a status, a type, a parent id): `column =
 * value` for each filter the query sets, by the filter's name.
 */
export const equalityFilters =
  (columns: Record<string, Column>) =>
  (query: Record<string, unknown>): Filter[] =>
    Object.entries(columns).map(([name, column]) => (query[name] ? eq(column, query[name]) : undefined));

/** A row's timestamps as the API answers them (ISO strings). */
export const isoTimestamps = (row: { createdAt: Date; updatedAt: Date }) => ({
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The column behind each `isoText` expression: sortFieldsOf sorts by it. */
const isoTextColumns = new WeakMap<SQL, PgColumn>();

/**
 * A timestamptz column selected as the text the API answers: what `Date#toISOString()` writes
 * ('2026-01-31T09:05:00.123Z'; the microseconds cut, as a JS Date cuts them). Big lists select
 * their timestamps this way: read into a Date and written back as text, 500 rows' timestamps were
 * ~1 ms of a page (issue 17). Sort and filter by the column itself, not by this (its index):
 * sortFieldsOf does so by itself.
 */
export function isoText<C extends PgColumn>(column: C) {
  const text = sql<
    C['_']['notNull'] extends true ? string : string | null
  >`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  isoTextColumns.set(text, column);
  return text;
}
