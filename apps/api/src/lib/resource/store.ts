import { and, eq, getTableName, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../../db/client.js';
import type { ListHandle } from '../list-query.js';
import { oneRow } from '../rows.js';

/** Where a row of the resource is used: `table.column` references its id (e.g. users.company_id). */
export type Usage = { table: PgTable; column: PgColumn };

export type StoreDefinition<F extends SelectedFields, Row> = {
  table: PgTable;
  id: PgColumn;
  /** The list (lib/list-query.ts): its fields, FROM and toDto also read one row. */
  list: ListHandle<F, Row>;
  /** Unique (ignoring case) name column: backs the 409 before the unique index does. */
  uniqueName?: PgColumn;
  /** Extra condition for the name check, e.g. "unique per company" (`and company_id = ...`). */
  uniqueScope?: (values: Record<string, unknown>) => SQL | undefined;
  /** Rows that block a delete (409 with their count). */
  usages?: Usage[];
};

/** Tables that reference the row, spelled with an alias so no column name of the outer table can leak in. */
const usedBy = (u: Usage, id: number) =>
  sql`(select count(*) from ${sql.identifier(getTableName(u.table))} as "ref" where "ref".${sql.identifier(u.column.name)} = ${id})`;

/**
 * The SQL a resource needs besides its list: one row (and its lock), insert, update,
 * delete-unless-used, the unique-name and unique-value checks and the usage count. A module's
 * repository keeps only the queries its own rules need beyond these.
 */
export function defineStore<F extends SelectedFields, Row>(def: StoreDefinition<F, Row>) {
  const { table, id } = def;
  const anyTable = table as never;
  const usageCount = (idValue: number) =>
    def.usages?.length
      ? sql`(${sql.join(
          def.usages.map((u) => usedBy(u, idValue)),
          sql` + `,
        )})`
      : sql`0`;

  const taken = async (db: Db, match: SQL, exceptId?: number, scope?: SQL) => {
    const rows = await db
      .select({ id })
      .from(anyTable)
      .where(and(match, exceptId ? ne(id, exceptId) : undefined, scope))
      .limit(1);
    return rows.length > 0;
  };

  return {
    async find(db: Db, idValue: number): Promise<Row | undefined> {
      const rows = await def.list.definition.from(db, def.list.definition.fields).where(eq(id, idValue)).limit(1);
      const row = rows[0] as SelectResultFields<F> | undefined;
      return row ? def.list.definition.toDto(row) : undefined;
    },

    /** Another row holds this name, ignoring case (in the uniqueScope, e.g. the same company). */
    async nameTaken(db: Db, name: string, values: Record<string, unknown>, exceptId?: number): Promise<boolean> {
      return def.uniqueName ? taken(db, sql`lower(${def.uniqueName}) = lower(${name})`, exceptId, def.uniqueScope?.(values)) : false;
    },

    /** Another row holds this exact value in `column` (e.g. users' lower-cased e-mail, its own unique index). */
    valueTaken: (db: Db, column: PgColumn, value: unknown, exceptId?: number) => taken(db, eq(column, value), exceptId),

    /** Locks the row FOR UPDATE for the rest of the transaction; false when there is no such row. */
    async lock(db: Db, idValue: number): Promise<boolean> {
      const rows = await db.select({ id }).from(anyTable).where(eq(id, idValue)).for('update');
      return rows.length > 0;
    },

    async insert(db: Db, values: Record<string, unknown>): Promise<number> {
      const [row] = (await db
        .insert(anyTable)
        .values(values as never)
        .returning({ id })) as { id: number }[];
      return oneRow(row).id;
    },

    async update(db: Db, idValue: number, values: Record<string, unknown>): Promise<boolean> {
      const rows = await db
        .update(anyTable)
        .set(values as never)
        .where(eq(id, idValue))
        .returning({ id });
      return (rows as unknown[]).length > 0;
    },

    /** One statement, so no referencing row slips in between the check and the delete. */
    async removeIfUnused(db: Db, idValue: number): Promise<boolean> {
      const unused = def.usages?.length ? sql`${usageCount(idValue)} = 0` : undefined;
      const rows = await db
        .delete(anyTable)
        .where(and(eq(id, idValue), unused))
        .returning({ id });
      return (rows as unknown[]).length > 0;
    },

    async usage(db: Db, idValue: number): Promise<number> {
      if (!def.usages?.length) return 0;
      // Read through the row itself: a row that is gone has no usage (the caller answers 404).
      const rows = await db
        .select({ n: sql<number>`${usageCount(idValue)}`.mapWith(Number) })
        .from(anyTable)
        .where(eq(id, idValue));
      return Number((rows as { n: number }[])[0]?.n ?? 0);
    },
  };
}

export type ResourceStore<Row> = ReturnType<typeof defineStore<SelectedFields, Row>>;

/** Whether a row with this id exists in the column's table (a parent chosen in a form: a company, a client...). */
export async function rowExists(db: Db, column: PgColumn, idValue: number): Promise<boolean> {
  const rows = await db
    .select({ id: column })
    .from(column.table as never)
    .where(eq(column, idValue))
    .limit(1);
  return rows.length > 0;
}
