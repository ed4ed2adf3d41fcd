import type { PermissionDetail } from '@console/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { permissions, subModules } from '../../db/schema/index.js';

/** Permission groups (one per screen) and their sub-modules, which carry the roleKeys. */
export function createPermissionsRepository(db: Db) {
  async function subModulesOf(ids: number[]) {
    if (ids.length === 0) return new Map<number, PermissionDetail['subModules']>();
    const rows = await db
      .select({ id: subModules.id, permissionId: subModules.permissionId, name: subModules.name, roleKey: subModules.roleKey })
      .from(subModules)
      .where(inArray(subModules.permissionId, ids))
      .orderBy(asc(subModules.id));
    const out = new Map<number, PermissionDetail['subModules']>();
    for (const { permissionId, ...s } of rows) {
      const group = out.get(permissionId) ?? [];
      group.push(s);
      out.set(permissionId, group);
    }
    return out;
  }

  return {
    /** Attaches the sub-modules to groups read elsewhere (a list page), in one query. */
    async withSubModules(groups: { id: number; name: string; moduleId: number | null }[]): Promise<PermissionDetail[]> {
      const subs = await subModulesOf(groups.map((g) => g.id));
      return groups.map((g) => ({ id: g.id, name: g.name, moduleId: g.moduleId ?? 0, subModules: subs.get(g.id) ?? [] }));
    },

    async findById(id: number): Promise<PermissionDetail | undefined> {
      const rows = await db
        .select({ id: permissions.id, name: permissions.name, moduleId: permissions.moduleId })
        .from(permissions)
        .where(eq(permissions.id, id))
        .limit(1);
      if (!rows[0]) return undefined;
      const [detail] = await this.withSubModules(rows);
      return detail;
    },
  };
}
