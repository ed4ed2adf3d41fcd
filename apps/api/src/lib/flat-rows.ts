import { Column, is, SQL } from 'drizzle-orm';
import type { PgSelect, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';

type Decoder = { mapFromDriverValue(value: unknown): unknown };

/** How drizzle decodes a selected field (a column, an sql`` expression, an aliased one); undefined for a nested selection. */
function decoderOf(field: unknown): Decoder | undefined {
  if (is(field, Column)) return field;
  // An expression's decoder (sql`...`.mapWith(...)) is internal in drizzle's types, not in its code.
  const decoderOfSql = (expr: SQL) => (expr as unknown as { decoder: Decoder }).decoder;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, SQL.Aliased)) return decoderOfSql(field.sql);
  return undefined;
}

/**
 * The rows of `query`, a select of `fields`, as drizzle would answer them, with each field's
 * decoder looked up once per query. drizzle's own mapping finds every cell's field kind again
 * (instanceof and prototype walks) and walks its path: on a 500-row list page of 19 columns that
 * was ~1 ms (issue 17, scripts/bench/benchmarks/list-scale.ts). For a flat selection (each field a
 * column or an expression, as a list's are) in the selection's order, which is the order drizzle
 * writes the SELECT in; a nested selection is left to drizzle.
 */
export async function flatRows<Row>(db: Db, query: PgSelect, fields: SelectedFields): Promise<Row[]> {
  const names = Object.keys(fields);
  const decoders = names.map((name) => decoderOf(fields[name]));
  if (!decoders.every((d): d is Decoder => d !== undefined)) return (await query) as Row[];
  const n = names.length;
  const toRows = (rows: unknown[][]) =>
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) {
        const value = row[i];
        // drizzle's rule: null stays null, anything else goes through the field's decoder.
        out[names[i] as string] = value === null ? null : (decoders[i] as Decoder).mapFromDriverValue(value);
      }
      return out as Row;
    });
  // The statement as the builder would run it (its SQL and parameters), in array mode, with the
  // mapping above in place of drizzle's (a prepared query's customResultMapper).
  const prepared = db._.session.prepareQuery(query.toSQL(), undefined, undefined, true, toRows);
  return (await prepared.execute()) as Row[];
}
