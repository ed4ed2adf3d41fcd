import type { DbOrTx } from '../../db/client.js';

type Queryable = { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * pg-boss's `db` option (`executeSql`) on the connection a drizzle transaction runs on, so a job
 * is inserted in the caller's transaction: committed with the rows it is about, or not at all.
 *
 * drizzle keeps that connection as its session's `client`: on node-postgres the pool client the
 * transaction checked out (BEGIN ... COMMIT run on it), on PGlite the transaction object PGlite
 * hands to `transaction()`. Both answer `query(text, values)` with `{ rows }`, which is all
 * pg-boss reads from an insert. Nested transactions (savepoints) share the same session.
 *
 * It must be that connection and no other: pg-boss's own pool would insert outside the
 * transaction (a job for rows that may roll back), and on PGlite, which runs one transaction at
 * a time, its executor would wait for this very transaction to end, for ever.
 */
export function transactionExecutor(tx: DbOrTx) {
  const client = (tx as unknown as { session?: { client?: Partial<Queryable> } }).session?.client;
  if (typeof client?.query !== 'function') throw new Error('the transaction exposes no connection to send a job on');
  const connection = client as Queryable;
  return {
    executeSql: (text: string, values?: unknown[]) => connection.query(text, values ?? []),
  };
}
