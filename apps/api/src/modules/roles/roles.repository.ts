import { type Role, rolesResource } from '@console/contract';
import { getTableColumns, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { roles, users } from '../../db/schema/index.js';
import { defineList } from '../../lib/list-query.js';
import { defineStore, isoTimestamps, listFrom, sortFieldsOf } from '../../lib/resource/index.js';

/**
 * Users holding the role: a correlated count served by users_role_idx (roles are few). Written
 * with explicit aliases: drizzle leaves columns unqualified in single-table selects, and an
 * unqualified "id" inside the subquery would mean users.id.
 */
const userCount = sql<number>`(select count(*) from "users" as "ru" where "ru"."role_id" = "roles"."id")`.mapWith(Number);

const roleFields = { ...getTableColumns(roles), userCount };

const toRole = (r: SelectResultFields<typeof roleFields>): Role => ({
  ...r,
  // The column is NOT NULL DEFAULT ''; the contract shows "no description" as null.
  description: r.description === '' ? null : r.description,
  userCount: Number(r.userCount),
  ...isoTimestamps(r),
});

/** GET /roles and its export: search on name and description, sort on every column of the list. */
export const rolesList = defineList({
  fields: roleFields,
  from: listFrom(roles),
  id: roles.id,
  sortFields: sortFieldsOf(roleFields, rolesResource.list.sortFields, { userCount: { expr: userCount, nullable: false } }),
  defaultSort: { field: 'createdAt', order: 'desc' },
  search: [roles.name, roles.description],
  toDto: toRole,
});

/** One row, insert, update, the unique name (ignoring case) and delete-unless-held (lib/resource/store.ts). */
export const rolesStore = defineStore({
  table: roles,
  id: roles.id,
  list: rolesList,
  // A unique index on lower(name) backs this.
  uniqueName: roles.name,
  // users.role_id is RESTRICT: a role users hold answers the in-use 409 with their count.
  usages: [{ table: users, column: users.roleId }],
});
