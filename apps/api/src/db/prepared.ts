import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

const dialect = new PgDialect();

/**
 * A raw statement (one drizzle cannot build as a prepared query, e.g. a data-modifying CTE)
 * turned into a named prepared statement: its SQL text is built once, and on a PostgreSQL server
 * each pooled connection parses and plans it once instead of at every call. For the per-request
 * hot paths (sign-in, the session lookup of every authenticated request), where drizzle's query
 * building and the server's parse came to ~0.5 ms a statement, as much as the statement itself
 * (issue 17, sign-in). Values go in through `sql.placeholder(name)`.
 */
export function preparedStatement(db: Db, name: string, query: SQL) {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return (values: Record<string, unknown>) => prepared.execute(values);
}
