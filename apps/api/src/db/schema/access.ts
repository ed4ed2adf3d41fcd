import { type AnyPgColumn, boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, identityId, requiredRef, timestamps, uniqueIgnoringCase } from './columns.js';

/**
 * Roles and what they are granted. Catalogue rows (modules, menus, permission groups) keep the
 * stable ids of the contract's catalogue; the seed upserts them on every start.
 */

export const roles = pgTable(
  'roles',
  {
    id: identityId(),
    name: varchar('name', { length: 100 }).notNull().unique(),
    description: text('description').notNull().default(''),
    // System roles (role 1) cannot be deleted or stripped.
    isSystem: boolean('is_system').notNull().default(false),
    // Users of the role pass a second step at every sign-in (modules/second-factors).
    secondFactorRequired: boolean('second_factor_required').notNull().default(false),
    ...timestamps(),
  },
  // Role names are unique ignoring case ("Editors" and "editors" are one role); the index settles
  // concurrent creates that both passed the service's check.
  (t) => [uniqueIgnoringCase('roles_name_lower_uq', t.name)],
);

export const modules = pgTable('modules', {
  id: identityId(),
  name: varchar('name', { length: 100 }).notNull(),
  slug: varchar('slug', { length: 100 }).notNull().unique(),
  logo: varchar('logo', { length: 255 }).notNull().default(''),
  description: text('description').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});

export const menus = pgTable(
  'menus',
  {
    id: identityId(),
    moduleId: requiredRef('module_id', () => modules.id, 'cascade'),
    name: varchar('name', { length: 100 }).notNull(),
    slug: varchar('slug', { length: 100 }).notNull(),
    logo: varchar('logo', { length: 255 }).notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('menus_module_slug_uq').on(t.moduleId, t.slug)],
);

/** Permission groups (one per screen); their sub-modules carry the roleKeys. */
export const permissions = pgTable(
  'permissions',
  {
    id: identityId(),
    name: varchar('name', { length: 100 }).notNull(),
    moduleId: integer('module_id').references(() => modules.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('permissions_module_idx').on(t.moduleId), index('permissions_name_idx').on(t.name)],
);

export const subModules = pgTable(
  'sub_modules',
  {
    id: identityId(),
    permissionId: requiredRef('permission_id', () => permissions.id, 'cascade'),
    name: varchar('name', { length: 100 }).notNull(),
    roleKey: varchar('role_key', { length: 100 }).notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('sub_modules_permission_idx').on(t.permissionId)],
);

/**
 * What a role is granted of one catalogue table (modules, menus or sub-modules): (role, row)
 * pairs that go with either side, keyed by the pair, with an index on the row for "who holds it".
 */
function roleGrants<K extends string>(name: string, key: K, column: string, target: () => AnyPgColumn) {
  const granted = { [key]: requiredRef(column, target, 'cascade') } as Record<K, ReturnType<typeof requiredRef<string>>>;
  return pgTable(name, { roleId: requiredRef('role_id', () => roles.id, 'cascade'), ...granted, createdAt: createdAt() }, (t) => [
    primaryKey({ columns: [t.roleId, t[key]] }),
    // e.g. menu_permissions_menu_idx, as the migrations named them
    index(`${name}_${column.replace(/_id$/, '')}_idx`).on(t[key]),
  ]);
}

export const modulePermissions = roleGrants('module_permissions', 'moduleId', 'module_id', () => modules.id);
export const menuPermissions = roleGrants('menu_permissions', 'menuId', 'menu_id', () => menus.id);
export const rolePermissions = roleGrants('role_permissions', 'subModuleId', 'sub_module_id', () => subModules.id);
