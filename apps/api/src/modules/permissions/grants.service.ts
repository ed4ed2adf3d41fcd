import { ROLE_MESSAGES, type RoleGrants, SUPER_ADMIN_ROLE_ID } from '@console/contract';
import type { Db } from '../../db/client.js';
import { AppError, DeniedError } from '../../lib/app-error.js';
import type { AuthContext } from '../../types.js';
import { assertWithin, currentActor, lockRoles } from '../access/index.js';
import { createGrantsRepository, type GrantCatalogue, type StoredGrants } from './grants.repository.js';

/**
 * A role's grants: modules it may enter, menus inside them, and permission keys of the groups of
 * those modules. Every change keeps that shape (a menu or key never outlives its module) and runs
 * in one transaction with the role row (and the caller's own) locked. The access service reads
 * grants on every request, so a change applies on the role's next request.
 */

export type GrantChange = { roleId: number; before: StoredGrants; after: StoredGrants; changed: boolean };

const list = (xs: Iterable<string | number>) => [...xs].join(', ');
const uniq = <T>(xs: T[]) => [...new Set(xs)];

function fail(fieldErrors: Record<string, string>): never {
  throw new AppError('VALIDATION', undefined, fieldErrors);
}

/** Checks a complete set of grants against the catalogue; every problem is reported at once, per field. */
function checkGrants(c: GrantCatalogue, input: StoredGrants) {
  const errors: Record<string, string> = {};
  const moduleIds = uniq(input.moduleIds);
  const menuIds = uniq(input.menuIds);
  const roleKeys = uniq(input.roleKeys);

  const unknownModules = moduleIds.filter((id) => !c.moduleIds.has(id));
  if (unknownModules.length) errors.moduleIds = `Unknown module: ${list(unknownModules)}`;
  const granted = new Set(moduleIds.filter((id) => c.moduleIds.has(id)));

  const unknownMenus = menuIds.filter((id) => !c.menuModule.has(id));
  const strayMenus = menuIds.filter((id) => {
    const moduleId = c.menuModule.get(id);
    return moduleId !== undefined && !granted.has(moduleId);
  });
  if (unknownMenus.length) errors.menuIds = `Unknown menu: ${list(unknownMenus)}`;
  else if (strayMenus.length) errors.menuIds = `Menus ${list(strayMenus)} belong to a module this role is not granted`;

  const unknownKeys = roleKeys.filter((k) => !c.keys.has(k));
  const strayKeys = roleKeys.filter((k) => {
    const moduleId = c.keys.get(k)?.moduleId;
    return moduleId !== undefined && moduleId !== null && !granted.has(moduleId);
  });
  if (unknownKeys.length) errors.roleKeys = `Unknown permission key: ${list(unknownKeys)}`;
  else if (strayKeys.length) errors.roleKeys = `Permission keys ${list(strayKeys)} belong to a module this role is not granted`;

  if (Object.keys(errors).length) fail(errors);
  return {
    grants: {
      moduleIds: [...moduleIds].sort((a, b) => a - b),
      menuIds: [...menuIds].sort((a, b) => a - b),
      roleKeys: [...roleKeys].sort(),
    },
    subModuleIds: roleKeys.flatMap((k) => c.keys.get(k)?.subModuleId ?? []),
  };
}

/** What `next` adds to `before` that the caller's own role does not hold (only for non-super-admins). */
function beyondOwn(own: StoredGrants, before: StoredGrants, next: StoredGrants): Record<string, string> {
  const out: Record<string, string> = {};
  const added = <T>(n: T[], b: T[], o: T[]) => n.filter((x) => !b.includes(x) && !o.includes(x));
  const modules = added(next.moduleIds, before.moduleIds, own.moduleIds);
  const menus = added(next.menuIds, before.menuIds, own.menuIds);
  const keys = added(next.roleKeys, before.roleKeys, own.roleKeys);
  if (modules.length) out.moduleIds = `${ROLE_MESSAGES.grantBeyondOwn} (modules ${list(modules)})`;
  if (menus.length) out.menuIds = `${ROLE_MESSAGES.grantBeyondOwn} (menus ${list(menus)})`;
  if (keys.length) out.roleKeys = `${ROLE_MESSAGES.grantBeyondOwn} (${list(keys)})`;
  return out;
}

const same = (a: StoredGrants, b: StoredGrants) => JSON.stringify(a) === JSON.stringify(b);

export function createGrantsService(db: Db) {
  const repo = createGrantsRepository();

  /**
   * Runs one grant change: locks the role, lets `build` compute the complete new grants from the
   * current ones, validates them, applies the anti-escalation rules and writes the difference.
   */
  async function change(
    auth: AuthContext,
    roleId: number,
    build: (current: StoredGrants, catalogue: GrantCatalogue) => StoredGrants,
  ): Promise<GrantChange> {
    return db.transaction(async (tx) => {
      // The caller as they are now, and their role with the target locked (in id order), so a
      // concurrent change of either waits: permissions.manage never acts on a stale picture.
      const actor = await currentActor(tx, auth);
      await lockRoles(tx, actor.isSuperAdmin ? [roleId] : [roleId, actor.roleId], 'update');
      const role = await repo.findRole(tx, roleId);
      if (!role) throw new AppError('NOT_FOUND', 'Role not found');
      if (role.id === SUPER_ADMIN_ROLE_ID || role.isSystem) throw new AppError('CONFLICT', ROLE_MESSAGES.superAdminGrants);
      const catalogue = await repo.catalogue(tx);
      const before = await repo.read(tx, roleId);
      const { grants: after, subModuleIds } = checkGrants(catalogue, build(before, catalogue));
      if (!actor.isSuperAdmin) {
        // permissions.manage must not be a way to more power: nobody edits their own role, nobody
        // changes or strips a role holding keys they lack (access/role-scope.ts), and nobody grants
        // what they do not hold themselves (taking grants away from a role within reach is allowed).
        const target = { entity: 'role', entityId: roleId };
        if (actor.roleId === roleId) throw new DeniedError(ROLE_MESSAGES.ownRoleGrants, target);
        await assertWithin(tx, actor, [{ roleId }], target);
        const own = await repo.read(tx, actor.roleId);
        const beyond = beyondOwn(own, before, after);
        if (Object.keys(beyond).length) throw new DeniedError(ROLE_MESSAGES.grantBeyondOwn, target, beyond);
      }
      const changed = !same(before, after);
      if (changed) await repo.replace(tx, roleId, { moduleIds: after.moduleIds, menuIds: after.menuIds, subModuleIds });
      return { roleId, before, after, changed };
    });
  }

  /** Keeps only the menus and keys that still fit the given modules. */
  function prune(c: GrantCatalogue, g: StoredGrants): StoredGrants {
    const granted = new Set(g.moduleIds);
    return {
      moduleIds: g.moduleIds,
      menuIds: g.menuIds.filter((id) => granted.has(c.menuModule.get(id) ?? -1)),
      roleKeys: g.roleKeys.filter((k) => {
        const moduleId = c.keys.get(k)?.moduleId;
        return moduleId === null || (moduleId !== undefined && granted.has(moduleId));
      }),
    };
  }

  return {
    /** The role's grants; role 1 holds everything (it passes every check). */
    async read(roleId: number): Promise<RoleGrants> {
      const role = await repo.findRole(db, roleId);
      if (!role) throw new AppError('NOT_FOUND', 'Role not found');
      if (role.id === SUPER_ADMIN_ROLE_ID) return { roleId, ...repo.everything(await repo.catalogue(db)) };
      return { roleId, ...(await repo.read(db, roleId)) };
    },

    /** PUT /roles/:id/grants: modules, menus and keys together. */
    replaceAll: (auth: AuthContext, roleId: number, input: StoredGrants) => change(auth, roleId, () => input),

    /** POST /permissions/add: menus and keys; the module grants stay as they are. */
    replaceMenusAndKeys: (auth: AuthContext, roleId: number, input: { menuIds: number[]; roleKeys: string[] }) =>
      change(auth, roleId, (current) => ({ moduleIds: current.moduleIds, menuIds: input.menuIds, roleKeys: input.roleKeys })),

    /** POST /module-permissions/add: modules; menus and keys of removed modules go with them. */
    // Unknown module ids are reported by checkGrants; pruning only drops grants of dropped modules.
    replaceModules: (auth: AuthContext, roleId: number, moduleIds: number[]) =>
      change(auth, roleId, (current, catalogue) => prune(catalogue, { moduleIds, menuIds: current.menuIds, roleKeys: current.roleKeys })),

    /** {roleId, moduleId} pairs; role 1 is listed with every module, as it may enter them all. */
    async modulePermissions(roleId?: number) {
      const roleIds = await repo.roleIds(db, roleId === undefined ? undefined : [roleId]);
      if (roleId !== undefined && roleIds.length === 0) throw new AppError('NOT_FOUND', 'Role not found');
      const rows = (await repo.modulePermissionRows(db, roleId)).filter((r) => r.roleId !== SUPER_ADMIN_ROLE_ID);
      if (!roleIds.includes(SUPER_ADMIN_ROLE_ID)) return rows;
      const all = [...(await repo.catalogue(db)).moduleIds].sort((a, b) => a - b);
      return [...all.map((moduleId) => ({ roleId: SUPER_ADMIN_ROLE_ID, moduleId })), ...rows];
    },
  };
}
