import { type Menu, type Module, type RolePermissions, SUPER_ADMIN_ROLE_ID } from '@console/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AccessService } from '../../lib/services.js';
import { createAccessRepository } from './access.repository.js';

/**
 * What a role may use. Everything is read from the database on each call: a change to a role's
 * grants applies on the caller's next request, with no cache to invalidate.
 */
export function createAccessService(db: Db): AccessService {
  const repo = createAccessRepository(db);
  const isSuper = (roleId: number) => roleId === SUPER_ADMIN_ROLE_ID;

  return {
    isSuperAdmin: isSuper,

    roleKeys: (roleId: number) => (isSuper(roleId) ? repo.allRoleKeys() : repo.roleKeys(roleId)),

    modulesFor: (roleId: number): Promise<Module[]> => repo.modulesWithMenus(isSuper(roleId) ? undefined : roleId),

    /** The caller's permitted menus of one module (spec: GET /menus/1?module=slug). */
    async permittedMenus(roleId: number, moduleSlug: string): Promise<Menu[]> {
      const mod = await repo.moduleBySlug(moduleSlug);
      if (!mod) throw new AppError('NOT_FOUND');
      const mods = await repo.modulesWithMenus(isSuper(roleId) ? undefined : roleId);
      return mods.find((m) => m.id === mod.id)?.menus ?? [];
    },

    async allMenusOf(moduleSlug: string): Promise<Menu[]> {
      const mod = await repo.moduleBySlug(moduleSlug);
      if (!mod) throw new AppError('NOT_FOUND');
      return repo.menusOfModule(mod.id);
    },

    async rolePermissions(roleId: number): Promise<RolePermissions> {
      if (!(await repo.roleExists(roleId))) throw new AppError('NOT_FOUND');
      const [mods, keys] = await Promise.all([
        repo.modulesWithMenus(isSuper(roleId) ? undefined : roleId),
        isSuper(roleId) ? repo.allRoleKeys() : repo.roleKeys(roleId),
      ]);
      // Keyed by module slug: the sidebar looks menus up by the first URL segment.
      const menuPermissions = Object.fromEntries(mods.map((m) => [m.slug, m.menus]));
      return { roleId, menuPermissions, rolePermissions: keys };
    },
  };
}
