import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Roles and what they are granted. Catalogue rows (modules, menus, permission groups) keep the
 * stable ids of the contract's catalogue; the seed upserts them on every start.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: varchar('name', { length: 100 }).notNull().unique(),
    description: text('description').notNull().default(''),
    // System roles (role 1) cannot be deleted or stripped.
    isSystem: boolean('is_system').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Role names are unique ignoring case ("Editors" and "editors" are one role); the index settles
  // concurrent creates that both passed the service's check.
  (t) => [uniqueIndex('roles_name_lower_uq').on(sql`lower(${t.name})`)],
);

export const modules = pgTable('modules', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
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
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    moduleId: integer('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
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
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: varchar('name', { length: 100 }).notNull(),
    moduleId: integer('module_id').references(() => modules.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('permissions_module_idx').on(t.moduleId), index('permissions_name_idx').on(t.name)],
);

export const subModules = pgTable(
  'sub_modules',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    roleKey: varchar('role_key', { length: 100 }).notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('sub_modules_permission_idx').on(t.permissionId)],
);

export const modulePermissions = pgTable(
  'module_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    moduleId: integer('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.moduleId] }), index('module_permissions_module_idx').on(t.moduleId)],
);

export const menuPermissions = pgTable(
  'menu_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] }), index('menu_permissions_menu_idx').on(t.menuId)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    subModuleId: integer('sub_module_id')
      .notNull()
      .references(() => subModules.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.subModuleId] }), index('role_permissions_sub_module_idx').on(t.subModuleId)],
);
