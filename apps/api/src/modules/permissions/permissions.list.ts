import { sql } from 'drizzle-orm';
import { permissions } from '../../db/schema/index.js';
import { defineList } from '../../lib/list-query.js';

/** GET /permissions: permission groups; search matches the group name and its keys and key names. */
export const permissionsList = defineList({
  fields: { id: permissions.id, name: permissions.name, moduleId: permissions.moduleId },
  from: (db, fields) => db.select(fields).from(permissions).$dynamic(),
  id: permissions.id,
  sortFields: { id: permissions.id, name: permissions.name, moduleId: permissions.moduleId },
  defaultSort: { field: 'id', order: 'asc' },
  search: [
    permissions.name,
    // Explicit aliases: drizzle leaves columns unqualified in single-table selects.
    sql`(select string_agg("sm"."role_key" || ' ' || "sm"."name", ' ') from "sub_modules" as "sm" where "sm"."permission_id" = "permissions"."id")`,
  ],
  maxLimit: 1000,
  toDto: (r) => r,
});
