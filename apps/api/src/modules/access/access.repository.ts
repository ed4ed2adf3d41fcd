import type { Menu, Module } from '@console/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { menuPermissions, menus, modulePermissions, modules, rolePermissions, roles, subModules } from '../../db/schema/index.js';

const menuColumns = { id: menus.id, name: menus.name, slug: menus.slug, logo: menus.logo, moduleId: menus.moduleId };
const moduleColumns = {
  id: modules.id,
  name: modules.name,
  slug: modules.slug,
  logo: modules.logo,
  description: modules.description,
};

type MenuRow = Menu & { moduleId: number };

export function createAccessRepository(db: Db) {
  const toMenu = ({ moduleId: _m, ...m }: MenuRow): Menu => m;

  return {
    async roleKeys(roleId: number): Promise<string[]> {
      const rows = await db
        .select({ key: subModules.roleKey })
        .from(rolePermissions)
        .innerJoin(subModules, eq(subModules.id, rolePermissions.subModuleId))
        .where(eq(rolePermissions.roleId, roleId))
        .orderBy(asc(subModules.roleKey));
      return rows.map((r) => r.key);
    },

    async allRoleKeys(): Promise<string[]> {
      const rows = await db.select({ key: subModules.roleKey }).from(subModules).orderBy(asc(subModules.roleKey));
      return rows.map((r) => r.key);
    },

    async roleExists(roleId: number): Promise<boolean> {
      const rows = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId)).limit(1);
      return rows.length > 0;
    },

    /** Modules with their menus; `roleId` undefined means everything (the super admin). */
    async modulesWithMenus(roleId?: number): Promise<Module[]> {
      const moduleRows =
        roleId === undefined
          ? await db.select(moduleColumns).from(modules).orderBy(asc(modules.sortOrder), asc(modules.id))
          : await db
              .select(moduleColumns)
              .from(modulePermissions)
              .innerJoin(modules, eq(modules.id, modulePermissions.moduleId))
              .where(eq(modulePermissions.roleId, roleId))
              .orderBy(asc(modules.sortOrder), asc(modules.id));
      if (moduleRows.length === 0) return [];
      const ids = moduleRows.map((m) => m.id);
      const menuRows =
        roleId === undefined
          ? await db.select(menuColumns).from(menus).where(inArray(menus.moduleId, ids)).orderBy(asc(menus.sortOrder), asc(menus.id))
          : await db
              .select(menuColumns)
              .from(menuPermissions)
              .innerJoin(menus, eq(menus.id, menuPermissions.menuId))
              .where(and(eq(menuPermissions.roleId, roleId), inArray(menus.moduleId, ids)))
              .orderBy(asc(menus.sortOrder), asc(menus.id));
      return moduleRows.map((m) => ({ ...m, menus: menuRows.filter((x) => x.moduleId === m.id).map(toMenu) }));
    },

    async moduleBySlug(slug: string) {
      const rows = await db.select(moduleColumns).from(modules).where(eq(modules.slug, slug)).limit(1);
      return rows[0];
    },

    async menusOfModule(moduleId: number): Promise<Menu[]> {
      const rows = await db
        .select(menuColumns)
        .from(menus)
        .where(eq(menus.moduleId, moduleId))
        .orderBy(asc(menus.sortOrder), asc(menus.id));
      return rows.map(toMenu);
    },
  };
}
