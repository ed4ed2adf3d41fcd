import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type pg from 'pg';

type Session = {
  transaction(fn: (tx: unknown) => Promise<unknown>, config?: unknown): Promise<unknown>;
  dialect: never;
  schema: never;
  options: never;
};

/**
 * drizzle-orm 0.45's `transaction` on a pool checks a client out and sends BEGIN before its
 * try/finally: when BEGIN fails (the server went away mid-outage) the client is never released.
 * The pool stays one connection short for the life of the process, and `pool.end()` waits for
 * it for ever (seen in db-outage.test.ts, issue 17). The same steps, with BEGIN's failure
 * releasing the client (with its error, so the pool drops the connection).
 */
export function releaseClientOnFailedBegin(db: { _: { session: unknown } }, pool: pg.Pool) {
  const session = db._.session as Session;
  const original = session.transaction.bind(session);
  session.transaction = async (fn, config) => {
    if (config !== undefined) return original(fn, config); // no caller sets a config; keep drizzle's own path for one
    const client = await pool.connect();
    const tx = new NodePgTransaction(
      session.dialect,
      new NodePgSession(client, session.dialect, session.schema, session.options),
      session.schema,
    );
    try {
      await tx.execute(sql`begin`);
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    try {
      const result = await fn(tx);
      await tx.execute(sql`commit`);
      return result;
    } catch (err) {
      await tx.execute(sql`rollback`);
      throw err;
    } finally {
      client.release();
    }
  };
}
