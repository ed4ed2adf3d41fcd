// Test helpers for the roles / permissions tests: a role holding exactly some keys, and a user of it.
import { PERMISSION_CATALOGUE } from '@console/contract';
import { inArray } from 'drizzle-orm';
import { menus, modulePermissions, menuPermissions, rolePermissions, roles, subModules, users } from '../../db/schema/index.js';
import { hashPassword } from '../../lib/passwords.js';
import type { TestApp, TestSession } from '../../test/test-app.js';

export const TEST_USER_PASSWORD = 'Role-Test-Pass-517';
let passwordHash: Promise<string> | undefined;
let seq = 0;

/** The module of each key's group, so a test role gets the modules its keys need (grants stay consistent). */
const moduleOfKey = new Map(PERMISSION_CATALOGUE.flatMap((g) => g.subModules.map((s) => [s.roleKey, g.moduleId] as const)));

/** A new role with exactly `keys` (and the modules of their groups, plus `menuIds` and their modules). */
export async function createRoleWithKeys(t: TestApp, keys: readonly string[], menuIds: number[] = []) {
  const [role] = await t.app.db
    .insert(roles)
    .values({ name: `Test role ${++seq} ${Math.random().toString(36).slice(2, 8)}` })
    .returning({ id: roles.id });
  const roleId = role!.id;
  const menuRows = menuIds.length
    ? await t.app.db.select({ id: menus.id, moduleId: menus.moduleId }).from(menus).where(inArray(menus.id, menuIds))
    : [];
  const moduleIds = new Set([...keys.map((k) => moduleOfKey.get(k)!), ...menuRows.map((m) => m.moduleId)]);
  if (moduleIds.size) await t.app.db.insert(modulePermissions).values([...moduleIds].map((moduleId) => ({ roleId, moduleId })));
  if (menuRows.length) await t.app.db.insert(menuPermissions).values(menuRows.map((m) => ({ roleId, menuId: m.id })));
  if (keys.length) {
    const subs = await t.app.db
      .select({ id: subModules.id })
      .from(subModules)
      .where(inArray(subModules.roleKey, [...keys]));
    if (subs.length !== keys.length) throw new Error(`unknown key in ${keys.join(', ')}`);
    await t.app.db.insert(rolePermissions).values(subs.map((s) => ({ roleId, subModuleId: s.id })));
  }
  return roleId;
}

export async function createUser(t: TestApp, roleId: number, name = 'Tess') {
  passwordHash ??= hashPassword(TEST_USER_PASSWORD);
  const email = `user${++seq}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const [user] = await t.app.db
    .insert(users)
    .values({ roleId, firstname: name, lastname: 'Tester', email, passwordHash: await passwordHash })
    .returning({ id: users.id });
  return { id: user!.id, email };
}

/** A signed-in user whose (new) role holds exactly `keys`. */
export async function loginWithKeys(t: TestApp, keys: readonly string[], menuIds: number[] = []): Promise<TestSession & { email: string }> {
  const roleId = await createRoleWithKeys(t, keys, menuIds);
  const user = await createUser(t, roleId);
  return { ...(await t.login({ email: user.email, password: TEST_USER_PASSWORD })), email: user.email };
}
