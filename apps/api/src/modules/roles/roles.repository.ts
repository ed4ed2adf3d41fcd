import type { Role } from '@console/contract';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { roles, users } from '../../db/schema/index.js';
import { defineList } from '../../lib/list-query.js';
import { oneRow } from '../../lib/rows.js';

/**
 * Users holding the role: a correlated count served by users_role_idx (roles are few). Written
 * with explicit aliases: drizzle leaves columns unqualified in single-table selects, and an
 * unqualified "id" inside the subquery would mean users.id.
 */
const userCount = sql<number>`(select count(*) from "users" as "ru" where "ru"."role_id" = "roles"."id")`.mapWith(Number);

const roleFields = {
  id: roles.id,
  name: roles.name,
  description: roles.description,
  isSystem: roles.isSystem,
  userCount,
  createdAt: roles.createdAt,
  updatedAt: roles.updatedAt,
};

type RoleRecord = { id: number; name: string; description: string; isSystem: boolean; userCount: number; createdAt: Date; updatedAt: Date };

const toRole = (r: RoleRecord): Role => ({
  id: r.id,
  name: r.name,
  // The column is NOT NULL DEFAULT ''; the contract shows "no description" as null.
  description: r.description === '' ? null : r.description,
  isSystem: r.isSystem,
  userCount: Number(r.userCount),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** GET /roles and its export: search on name and description, sort on every column of the list. */
export const rolesList = defineList({
  fields: roleFields,
  from: (db, fields) => db.select(fields).from(roles).$dynamic(),
  id: roles.id,
  sortFields: {
    id: roles.id,
    name: roles.name,
    description: roles.description,
    userCount: { expr: userCount, nullable: false },
    createdAt: roles.createdAt,
    updatedAt: roles.updatedAt,
  },
  defaultSort: { field: 'createdAt', order: 'desc' },
  search: [roles.name, roles.description],
  toDto: toRole,
});

export { pgCode, UNIQUE_VIOLATION } from '../../lib/pg-errors.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export function createRolesRepository(db: Db) {
  return {
    async findById(id: number, tx: Tx = db): Promise<Role | undefined> {
      const rows = await tx.select(roleFields).from(roles).where(eq(roles.id, id)).limit(1);
      return rows[0] ? toRole(rows[0]) : undefined;
    },

    /** Case-insensitive: "editors" and "Editors" are the same role name. */
    async nameTaken(name: string, exceptId?: number, tx: Tx = db) {
      const rows = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(and(sql`lower(${roles.name}) = lower(${name})`, exceptId === undefined ? undefined : ne(roles.id, exceptId)))
        .limit(1);
      return rows.length > 0;
    },

    async insert(row: { name: string; description: string; at: Date }) {
      const [created] = await db
        .insert(roles)
        .values({ name: row.name, description: row.description, createdAt: row.at, updatedAt: row.at })
        .returning({ id: roles.id });
      return oneRow(created).id;
    },

    async update(id: number, row: { name: string; description: string; at: Date }, tx: Tx = db) {
      await tx.update(roles).set({ name: row.name, description: row.description, updatedAt: row.at }).where(eq(roles.id, id));
    },

    async usersOf(id: number, tx: Tx = db) {
      const [row] = await tx.select({ n: count() }).from(users).where(eq(users.roleId, id));
      return Number(row?.n ?? 0);
    },

    async remove(id: number, tx: Tx) {
      await tx.delete(roles).where(eq(roles.id, id));
    },

    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),
  };
}
