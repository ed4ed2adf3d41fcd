import { bigint, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * Exact row counts of the big list tables (users, user_requests), kept by statement-level
 * triggers (migration 0010) in the writing transaction, so an unfiltered list knows its total
 * without counting a million rows, and can read pages past the middle backwards
 * (lib/list-query.ts). Every writer is covered: the API, ingestion, seeds, COPY and TRUNCATE.
 */
export const listRowCounts = pgTable('list_row_counts', {
  tableName: varchar('table_name', { length: 63 }).primaryKey(),
  rowCount: bigint('row_count', { mode: 'number' }).notNull(),
});
