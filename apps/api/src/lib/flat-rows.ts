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

type RowMaker = (row: unknown[], decoders: Decoder[]) => Record<string, unknown>;

// One maker per selection (its field names in order): a list's fields are a module constant, so
// this holds one per list.
const makers = new Map<string, RowMaker>();

/**
 * A function that builds a row object from an array row in one object literal, each cell through
 * its field's decoder (drizzle's rule: null stays null). Generated because a loop storing
 * `out[names[i]]` makes every store a lookup by name and every row a chain of shape transitions:
 * on a 500-row page of 19 columns that was ~0.3 ms, against ~0.03 ms for the literal (issue 17,
 * list-scale). The names are the selection's own keys (code, never input), written as JSON string
 * literals; a `__proto__` key, which a literal would take as the prototype, answers undefined.
 */
function rowMakerOf(names: string[]): RowMaker | undefined {
  if (names.includes('__proto__')) return undefined;
  const key = names.join('\0');
  let maker = makers.get(key);
  if (!maker) {
    const cells = names.map((name, i) => `${JSON.stringify(name)}: row[${i}] === null ? null : d[${i}].mapFromDriverValue(row[${i}])`);
    maker = new Function('row', 'd', `return { ${cells.join(', ')} };`) as RowMaker;
    makers.set(key, maker);
  }
  return maker;
}

/**
 * The rows of `query`, a select of `fields`, as drizzle would answer them, with each field's
 * decoder looked up once per query. drizzle's own mapping finds every cell's field kind again
 * (instanceof and prototype walks) and walks its path: on a 500-row list page of 19 columns that
 * was ~1 ms (issue 17, scripts/bench/benchmarks/list-scale.ts). For a flat selection (each field a
 * column or an expression, as a list's are) in the selection's order, which is the order drizzle
 * writes the SELECT in; a nested selection (or a `__proto__` field) is left to drizzle.
 */
export async function flatRows<Row>(db: Db, query: PgSelect, fields: SelectedFields): Promise<Row[]> {
  const names = Object.keys(fields);
  const decoders = names.map((name) => decoderOf(fields[name]));
  const make = rowMakerOf(names);
  if (!make || !decoders.every((d): d is Decoder => d !== undefined)) return (await query) as Row[];
  const toRows = (rows: unknown[][]) => rows.map((row) => make(row, decoders) as Row);
  // The statement as the builder would run it (its SQL and parameters), in array mode, with the
  // mapping above in place of drizzle's (a prepared query's customResultMapper).
  const prepared = db._.session.prepareQuery(query.toSQL(), undefined, undefined, true, toRows);
  return (await prepared.execute()) as Row[];
}
