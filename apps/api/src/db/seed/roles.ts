import { MODULE_IDS, SUPER_ADMIN_ROLE_ID } from '@console/contract';
import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { menuPermissions, menus, modulePermissions, rolePermissions, roles, subModules } from '../schema/index.js';

type RoleSeed = {
  id: number;
  name: string;
  description: string;
  /** module id -> menu slugs of that module (empty: the module without menus). */
  modules: Record<number, string[] | 'all'>;
  /** exact keys, or "group.*" for every key of a group. */
  keys: string[];
};

const M = MODULE_IDS;

export const SEED_ROLES: RoleSeed[] = [
  {
    id: 2,
    name: 'Content Manager',
    description: 'Manages clients and demo media.',
    modules: { [M.demoAdmin]: ['clients', 'demo-media'], [M.profile]: 'all' },
    keys: ['clients.*', 'demo-media.*', 'profile.*', 'user-activity.view', 'user-sessions.view', 'user-sessions.revoke'],
  },
  {
    id: 3,
    name: 'Support Agent',
    description: 'Looks up locations and user requests.',
    modules: { [M.toneDashboard]: ['locations', 'user-request'], [M.aes]: [], [M.profile]: ['about'] },
    keys: ['locations.view', 'user-requests.view', 'profile.*'],
  },
];

export const GUEST_ROLE: RoleSeed = { id: 4, name: 'Guest', description: 'Signed in, granted nothing.', modules: {}, keys: [] };

export async function seedSuperAdminRole(db: Db) {
  await db
    .insert(roles)
    .values({ id: SUPER_ADMIN_ROLE_ID, name: 'Super Admin', description: 'Passes every permission check.', isSystem: true })
    .onConflictDoUpdate({ target: roles.id, set: { isSystem: true } });
}

/** Creates a role with its grants once; later edits by administrators are never overwritten. */
export async function seedRole(db: Db, role: RoleSeed) {
  const inserted = await db
    .insert(roles)
    .values({ id: role.id, name: role.name, description: role.description })
    .onConflictDoNothing()
    .returning({ id: roles.id });
  if (inserted.length === 0) return;

  for (const [moduleId, menuSlugs] of Object.entries(role.modules)) {
    await db
      .insert(modulePermissions)
      .values({ roleId: role.id, moduleId: Number(moduleId) })
      .onConflictDoNothing();
    const menuFilter = menuSlugs === 'all' ? undefined : menuSlugs.length ? inArray(menus.slug, menuSlugs) : sql`false`;
    const menuRows = await db
      .select({ id: menus.id })
      .from(menus)
      .where(and(eq(menus.moduleId, Number(moduleId)), menuFilter));
    if (menuRows.length) {
      await db
        .insert(menuPermissions)
        .values(menuRows.map((m) => ({ roleId: role.id, menuId: m.id })))
        .onConflictDoNothing();
    }
  }
  if (role.keys.length) {
    const keyFilters = role.keys.map((k) =>
      k.endsWith('.*') ? like(subModules.roleKey, `${k.slice(0, -1)}%`) : eq(subModules.roleKey, k),
    );
    const keyRows = await db
      .select({ id: subModules.id })
      .from(subModules)
      .where(or(...keyFilters));
    await db
      .insert(rolePermissions)
      .values(keyRows.map((k) => ({ roleId: role.id, subModuleId: k.id })))
      .onConflictDoNothing();
  }
}

export async function syncRoleSequence(db: Db) {
  await db.execute(sql`SELECT setval(pg_get_serial_sequence('roles', 'id'), GREATEST((SELECT max(id) FROM roles), 1))`);
}
