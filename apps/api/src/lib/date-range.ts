import { gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A filter bound (the contract's dateBoundField): a date-time as given; a date is the start of
 * that day (of the next one, for an `end`) in `timeZone`. UTC days are worked out here; another
 * zone's midnight by the database, as the per-day charts count (`at time zone`), which also
 * settles a midnight that a daylight-saving change skips.
 */
function bound(value: string, end: boolean, timeZone: string | undefined): Date | SQL {
  if (!DATE_ONLY.test(value)) return new Date(value);
  if (!timeZone || timeZone === 'UTC') return new Date(Date.parse(`${value}T00:00:00Z`) + (end ? DAY_MS : 0));
  const day = end ? sql`(${value}::date + 1)` : sql`${value}::date`;
  return sql`(${day}::timestamp at time zone ${timeZone})`;
}

/**
 * The WHERE conditions of a list's `from`/`to` filters on a timestamp column: `from` inclusive;
 * a date-time `to` inclusive, a date `to` up to the end of that day. Dates are days in
 * `timeZone` (the browser's, so a day picked means the day the list's times show), UTC without one.
 */
export function dateRangeFilters(
  column: PgColumn,
  from: string | undefined,
  to: string | undefined,
  timeZone?: string,
): (SQL | undefined)[] {
  return [
    from ? gte(column, bound(from, false, timeZone)) : undefined,
    to ? (DATE_ONLY.test(to) ? lt(column, bound(to, true, timeZone)) : lte(column, bound(to, false, timeZone))) : undefined,
  ];
}
