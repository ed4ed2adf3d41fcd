import { SUPER_ADMIN_ROLE_ID, type User } from '@console/contract';
import { and, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../../db/client.js';
import { companies, roles, users } from '../../db/schema/index.js';
import { defineList } from '../../lib/list-query.js';
import { profilePath } from '../profile/index.js';
import { oneRow } from '../../lib/rows.js';

const userFields = {
  id: users.id,
  roleId: users.roleId,
  roleName: roles.name,
  companyId: users.companyId,
  companyName: companies.name,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
  phone: users.phone,
  profile: users.profile,
  profileName: users.profileName,
  primaryColor: users.primaryColor,
  secondaryColor: users.secondaryColor,
  status: users.status,
  twoFactorEnabled: users.twoFactorEnabled,
  hasApiKey: sql<boolean>`(${users.apiKeyHash} is not null)`,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};
export type UserRow = SelectResultFields<typeof userFields>;

export const toUser = (u: UserRow): User => ({
  id: u.id,
  roleId: u.roleId,
  roleName: u.roleName ?? '',
  companyId: u.companyId,
  companyName: u.companyName ?? null,
  firstname: u.firstname,
  lastname: u.lastname,
  email: u.email,
  phone: u.phone,
  profile: profilePath(u.profile),
  profileName: u.profile ? u.profileName : null,
  primaryColor: u.primaryColor,
  secondaryColor: u.secondaryColor,
  status: u.status,
  twoFactorEnabled: u.twoFactorEnabled,
  hasApiKey: Boolean(u.hasApiKey),
  lastLoginAt: u.lastLoginAt ? u.lastLoginAt.toISOString() : null,
  createdAt: u.createdAt.toISOString(),
  updatedAt: u.updatedAt.toISOString(),
});

// roles is joined LEFT although every user has a role (NOT NULL foreign key): the planner can then
// drop both joins from the count query, which reads users alone.
const fromUsers = (db: Db, fields: SelectedFields) =>
  db
    .select(fields)
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .$dynamic();

/** GET /users and its export (the list pattern: see lib/list-query.ts). */
export const usersList = defineList({
  fields: userFields,
  from: fromUsers,
  id: users.id,
  sortFields: {
    id: users.id,
    firstname: users.firstname,
    lastname: users.lastname,
    email: users.email,
    roleName: { expr: roles.name, nullable: false },
    companyName: { expr: companies.name, nullable: true },
    phone: users.phone,
    status: users.status,
    twoFactorEnabled: users.twoFactorEnabled,
    lastLoginAt: users.lastLoginAt,
    createdAt: users.createdAt,
    updatedAt: users.updatedAt,
  },
  defaultSort: { field: 'createdAt', order: 'desc' },
  // The expression of users_search_trgm_idx, so the trigram index serves the search.
  search: [sql`(${users.firstname} || ' ' || ${users.lastname} || ' ' || ${users.email})`],
  toDto: toUser,
});

export function userListFilters(q: { roleId?: number; companyId?: number; status?: 'active' | 'inactive' }): (SQL | undefined)[] {
  return [
    q.roleId === undefined ? undefined : eq(users.roleId, q.roleId),
    q.companyId === undefined ? undefined : eq(users.companyId, q.companyId),
    q.status === undefined ? undefined : eq(users.status, q.status),
  ];
}

export type UserValues = Partial<Omit<typeof users.$inferInsert, 'id' | 'createdAt'>>;

/** Serialises every change of who a user is and what they may do (see users.service.ts). */
const USERS_WRITE_LOCK = 727_101;

export function createUsersRepository(db: Db) {
  return {
    async find(id: number, tx: Db = db) {
      const [row] = (await fromUsers(tx, userFields).where(eq(users.id, id))) as UserRow[];
      return row;
    },

    /** Locks the user's row for the rest of the transaction (before any role is locked: see role-scope.ts). */
    async lock(id: number, tx: Db) {
      const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
      return rows.length > 0;
    },

    async emailTaken(email: string, exceptId?: number, tx: Db = db) {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), exceptId ? ne(users.id, exceptId) : undefined))
        .limit(1);
      return Boolean(row);
    },

    async companyExists(id: number, tx: Db = db) {
      return (await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, id))).length > 0;
    },

    async insert(values: typeof users.$inferInsert, tx: Db = db) {
      const [row] = await tx.insert(users).values(values).returning({ id: users.id });
      return oneRow(row).id;
    },

    async update(id: number, values: UserValues, tx: Db = db) {
      const rows = await tx.update(users).set(values).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length > 0;
    },

    async remove(id: number, tx: Db = db) {
      const rows = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length > 0;
    },

    /**
     * Runs fn in a transaction that first takes a transaction-scoped advisory lock. Every user
     * create, edit, delete and re-key holds it, so two of them never interleave: each sees the
     * roles and statuses the one before it left (two super admins removing each other, or an
     * admin demoted while editing someone). PostgreSQL; PGlite has one connection and serialises anyway.
     */
    withWriteLock<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${USERS_WRITE_LOCK})`);
        return fn(tx as unknown as Db);
      });
    },

    async activeSuperAdminsExcept(id: number, tx: Db = db) {
      const [row] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.roleId, SUPER_ADMIN_ROLE_ID), eq(users.status, 'active'), ne(users.id, id)));
      return row?.n ?? 0;
    },
  };
}
