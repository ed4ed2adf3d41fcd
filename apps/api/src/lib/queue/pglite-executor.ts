import type { PGlite } from '@electric-sql/pglite';

/**
 * pg-boss's "bring your own database" hook (its `db` option) for PGlite. pg-boss sends two kinds
 * of SQL: parameterised single statements, and parameterless scripts of several statements
 * (its schema migrations, `BEGIN; ... COMMIT;` blocks). PGlite's `query` takes parameters but one
 * statement; `exec` takes many statements but no parameters; so route each to the one that fits.
 * PGlite runs one call at a time, so a script's transaction never interleaves with app queries.
 */
export function pgliteExecutor(client: PGlite) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return client.query(text, values as unknown[]);
      const results = await client.exec(text);
      // node-postgres answers one result for one statement and an array for several; pg-boss only
      // reads rows from single statements, so the last result serves both.
      return results.at(-1) ?? { rows: [] };
    },
  };
}
