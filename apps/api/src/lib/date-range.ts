import { gte, lt, lte, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A filter bound (the contract's dateBoundField): a date is the start of that UTC day (of the next one, for an `end`). */
const bound = (v: string, end: boolean) => (DATE_ONLY.test(v) ? new Date(Date.parse(`${v}T00:00:00Z`) + (end ? DAY_MS : 0)) : new Date(v));

/**
 * The WHERE conditions of a list's `from`/`to` filters on a timestamp column: `from` inclusive;
 * a date-time `to` inclusive, a date `to` up to the end of that day.
 */
export function dateRangeFilters(column: PgColumn, from: string | undefined, to: string | undefined): (SQL | undefined)[] {
  return [
    from ? gte(column, bound(from, false)) : undefined,
    to ? (DATE_ONLY.test(to) ? lt(column, bound(to, true)) : lte(column, bound(to, false))) : undefined,
  ];
}
