import { SUPER_ADMIN_ROLE_ID, type User, usersResource } from '@console/contract';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../../db/client.js';
import { companies, roles, users } from '../../db/schema/index.js';
import { keptRowCount } from '../../lib/list-page.js';
import { defineList } from '../../lib/list-query.js';
import { profilePath } from '../profile/index.js';
import { defineStore, equalityFilters, isoText, listFrom, sortFieldsOf } from '../../lib/resource/index.js';

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
  // As ISO text from the database: no Date per row and cell (lib/resource/list-fields.ts isoText).
  lastLoginAt: isoText(users.lastLoginAt),
  createdAt: isoText(users.createdAt),
  updatedAt: isoText(users.updatedAt),
};
// One object literal, not a spread of the row: V8 adds a property to a spread copy slowly (~1.5 µs),
// and the list adds `manageable` to each row (roles/manageable.ts), which then also stringified
// slower: ~1 ms of a 500-row page (issue 17, list-scale).
const toUser = (u: SelectResultFields<typeof userFields>): User => ({
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
  lastLoginAt: u.lastLoginAt,
  createdAt: u.createdAt,
  updatedAt: u.updatedAt,
});

/** GET /users and its export (the list pattern: see lib/list-query.ts). */
export const usersList = defineList({
  fields: userFields,
  // roles is joined LEFT although every user has a role (NOT NULL foreign key): the planner can then
  // drop both joins from the count query, which reads users alone.
  from: (db, fields) =>
    db
      .select(fields)
      .from(users)
      .leftJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(companies, eq(companies.id, users.companyId))
      .$dynamic(),
  // The ids of a page come from users alone: with the joins in the query (even ones the planner
  // drops) PostgreSQL reads the heap instead of an index-only scan.
  idsFrom: listFrom(users),
  id: users.id,
  sortFields: sortFieldsOf(userFields, usersResource.list.sortFields, {
    roleName: { expr: roles.name, nullable: false, joined: true },
    companyName: { expr: companies.name, nullable: true, joined: true },
  }),
  defaultSort: { field: 'createdAt', order: 'desc' },
  // Name and e-mail, lower-cased by the database (users_search_trgm_idx serves it).
  search: [{ lowerCased: users.searchText }],
  // Unfiltered, the total is the count the triggers keep: exact, and deep pages read backwards.
  rowCount: keptRowCount('users'),
  toDto: toUser,
});

export const userListFilters = equalityFilters({ roleId: users.roleId, companyId: users.companyId, status: users.status });

/** One row, insert, update, delete, the row lock and the e-mail check (lib/resource/store.ts). */
export const usersStore = defineStore({ table: users, id: users.id, list: usersList });

/**
 * Serialises every change of who a user is and what they may do (users.service.ts: the
 * transaction's advisory lock). Every user create, edit, delete and re-key holds it, so two of them
 * never interleave: each sees the roles and statuses the one before it left (two super admins
 * removing each other, or an admin demoted while editing someone). PostgreSQL; PGlite has one
 * connection and serialises anyway.
 */
export const USERS_WRITE_LOCK = 727_101;

export async function activeSuperAdminsExcept(db: Db, id: number) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.roleId, SUPER_ADMIN_ROLE_ID), eq(users.status, 'active'), ne(users.id, id)));
  return row?.n ?? 0;
}
