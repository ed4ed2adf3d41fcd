import type { RoleGrants } from '@console/contract';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx as Tx } from '../../db/client.js';
export type { Tx };
import {
  menuPermissions,
  menus,
  modulePermissions,
  modules,
  permissions,
  rolePermissions,
  roles,
  subModules,
} from '../../db/schema/index.js';

/** A transaction handle or the database itself: every query here runs on either. */

/** What can be granted: every module, menu (with its module) and key (with its group's module). */
export type GrantCatalogue = {
  moduleIds: Set<number>;
  menuModule: Map<number, number>;
  /** roleKey -> sub-module id and the module of its permission group (null: a group of no module). */
  keys: Map<string, { subModuleId: number; moduleId: number | null }>;
};

export type StoredGrants = Omit<RoleGrants, 'roleId'>;

const sortedNumbers = (xs: Iterable<number>) => [...new Set(xs)].sort((a, b) => a - b);

export function createGrantsRepository() {
  return {
    async findRole(tx: Tx, roleId: number) {
      const rows = await tx.select({ id: roles.id, isSystem: roles.isSystem }).from(roles).where(eq(roles.id, roleId)).limit(1);
      return rows[0];
    },

    async catalogue(tx: Tx): Promise<GrantCatalogue> {
      const [moduleRows, menuRows, keyRows] = await Promise.all([
        tx.select({ id: modules.id }).from(modules),
        tx.select({ id: menus.id, moduleId: menus.moduleId }).from(menus),
        tx
          .select({ key: subModules.roleKey, subModuleId: subModules.id, moduleId: permissions.moduleId })
          .from(subModules)
          .innerJoin(permissions, eq(permissions.id, subModules.permissionId)),
      ]);
      return {
        moduleIds: new Set(moduleRows.map((m) => m.id)),
        menuModule: new Map(menuRows.map((m) => [m.id, m.moduleId])),
        keys: new Map(keyRows.map((k) => [k.key, { subModuleId: k.subModuleId, moduleId: k.moduleId }])),
      };
    },

    /** The rows stored for a role (role 1 has none: it passes every check without them). */
    async read(tx: Tx, roleId: number): Promise<StoredGrants> {
      const [moduleRows, menuRows, keyRows] = await Promise.all([
        tx.select({ id: modulePermissions.moduleId }).from(modulePermissions).where(eq(modulePermissions.roleId, roleId)),
        tx.select({ id: menuPermissions.menuId }).from(menuPermissions).where(eq(menuPermissions.roleId, roleId)),
        tx
          .select({ key: subModules.roleKey })
          .from(rolePermissions)
          .innerJoin(subModules, eq(subModules.id, rolePermissions.subModuleId))
          .where(eq(rolePermissions.roleId, roleId))
          .orderBy(asc(subModules.roleKey)),
      ]);
      return {
        moduleIds: sortedNumbers(moduleRows.map((r) => r.id)),
        menuIds: sortedNumbers(menuRows.map((r) => r.id)),
        roleKeys: keyRows.map((r) => r.key),
      };
    },

    /** Everything there is, as the grants of a role that holds it all (role 1). */
    everything(c: GrantCatalogue): StoredGrants {
      return {
        moduleIds: sortedNumbers(c.moduleIds),
        menuIds: sortedNumbers(c.menuModule.keys()),
        roleKeys: [...c.keys.keys()].sort(),
      };
    },

    /**
     * Makes the stored rows equal the given sets: deletes what is no longer granted and inserts
     * what is new, leaving unchanged grants (and their created_at) alone.
     */
    async replace(tx: Tx, roleId: number, next: { moduleIds: number[]; menuIds: number[]; subModuleIds: number[] }) {
      const keep = <T>(ids: number[], col: T) => (ids.length ? notInArray(col as never, ids) : sql`true`);
      await tx.delete(modulePermissions).where(and(eq(modulePermissions.roleId, roleId), keep(next.moduleIds, modulePermissions.moduleId)));
      await tx.delete(menuPermissions).where(and(eq(menuPermissions.roleId, roleId), keep(next.menuIds, menuPermissions.menuId)));
      await tx.delete(rolePermissions).where(and(eq(rolePermissions.roleId, roleId), keep(next.subModuleIds, rolePermissions.subModuleId)));
      if (next.moduleIds.length) {
        await tx
          .insert(modulePermissions)
          .values(next.moduleIds.map((moduleId) => ({ roleId, moduleId })))
          .onConflictDoNothing();
      }
      if (next.menuIds.length) {
        await tx
          .insert(menuPermissions)
          .values(next.menuIds.map((menuId) => ({ roleId, menuId })))
          .onConflictDoNothing();
      }
      if (next.subModuleIds.length) {
        await tx
          .insert(rolePermissions)
          .values(next.subModuleIds.map((subModuleId) => ({ roleId, subModuleId })))
          .onConflictDoNothing();
      }
    },

    /** {roleId, moduleId} pairs, optionally of one role. */
    async modulePermissionRows(db: Db, roleId?: number) {
      return db
        .select({ roleId: modulePermissions.roleId, moduleId: modulePermissions.moduleId })
        .from(modulePermissions)
        .where(roleId === undefined ? undefined : eq(modulePermissions.roleId, roleId))
        .orderBy(asc(modulePermissions.roleId), asc(modulePermissions.moduleId));
    },

    async roleIds(db: Db, ids?: number[]) {
      const rows = await db
        .select({ id: roles.id })
        .from(roles)
        .where(ids ? inArray(roles.id, ids) : undefined)
        .orderBy(asc(roles.id));
      return rows.map((r) => r.id);
    },
  };
}
