import { type Module, ROLE_MESSAGES } from '@console/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app.js';
import { createRoleWithKeys, createUser, loginWithKeys, TEST_USER_PASSWORD } from '../roles/testing.js';

let t: TestApp;
let admin: TestSession;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t?.close());

const put = (s: TestSession, roleId: number, payload: object) => t.as(s, { method: 'PUT', url: `/api/roles/${roleId}/grants`, payload });
const grantsOf = async (roleId: number) => (await t.as(admin, { url: `/api/roles/${roleId}/grants` })).json().data;
const MANAGE = ['permissions.view', 'permissions.manage', 'module-permissions.view', 'module-permissions.manage'];

describe('grants apply on the next request of the same session', () => {
  it('403, grant through the API, 200 without signing in again; revoke, 403 again', async () => {
    const roleId = await createRoleWithKeys(t, []);
    const user = await createUser(t, roleId);
    const s = await t.login({ email: user.email, password: TEST_USER_PASSWORD });
    expect((await t.as(s, { url: '/api/roles' })).statusCode).toBe(403);
    expect((await t.as(s, { url: '/api/modules' })).json().data).toEqual([]);

    const granted = await put(admin, roleId, { moduleIds: [5], menuIds: [16], roleKeys: ['roles.view'] });
    expect(granted.statusCode).toBe(200);
    expect((await t.as(s, { url: '/api/roles' })).statusCode).toBe(200);
    const mods = (await t.as(s, { url: '/api/modules' })).json<{ data: Module[] }>().data;
    expect(mods.map((m) => [m.slug, m.menus.map((x) => x.slug)])).toEqual([['platform', ['roles']]]);

    // Taking the module away takes its menus and keys with it.
    const revoked = await t.as(admin, { method: 'POST', url: '/api/module-permissions/add', payload: { roleId, moduleIds: [] } });
    expect(revoked.json().data).toEqual({ roleId, moduleIds: [], menuIds: [], roleKeys: [] });
    expect((await t.as(s, { url: '/api/roles' })).statusCode).toBe(403);
  });

  it('POST /permissions/add applies at once too', async () => {
    const s = await loginWithKeys(t, ['profile.view']);
    const roleId = s.roleId;
    expect((await t.as(s, { url: '/api/user-activity' })).statusCode).toBe(403);
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/permissions/add',
      payload: { roleId, menuIds: [11], roleKeys: ['user-activity.view'] },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.as(s, { url: '/api/user-activity' })).statusCode).toBe(200);
  });
});

describe('who may change grants', () => {
  it('the matrix needs both view keys to read and both manage keys to write; the denial is audited', async () => {
    const viewOnly = await loginWithKeys(t, ['permissions.view']);
    const readDenied = await t.as(viewOnly, { url: '/api/roles/2/grants' });
    expect(readDenied.statusCode).toBe(403);
    const bothViews = await loginWithKeys(t, ['permissions.view', 'module-permissions.view']);
    expect((await t.as(bothViews, { url: '/api/roles/2/grants' })).statusCode).toBe(200);

    const halfManager = await loginWithKeys(t, ['permissions.manage']);
    const denied = await put(halfManager, 4, { moduleIds: [], menuIds: [], roleKeys: [] });
    expect(denied.statusCode).toBe(403);
    const [row] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'permission-denied'), eq(auditLog.actorId, halfManager.userId)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({
      entity: 'route',
      entityId: 'PUT /api/roles/:id/grants',
      after: { required: ['permissions.manage', 'module-permissions.manage'] },
    });
  });

  it('a manager who is not super admin cannot change their own role', async () => {
    const manager = await loginWithKeys(t, MANAGE);
    const res = await put(manager, manager.roleId, { moduleIds: [5], menuIds: [], roleKeys: MANAGE });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ROLE_MESSAGES.ownRoleGrants);
    const viaAdd = await t.as(manager, {
      method: 'POST',
      url: '/api/permissions/add',
      payload: { roleId: manager.roleId, menuIds: [], roleKeys: [] },
    });
    expect(viaAdd.statusCode).toBe(403);
  });

  it('nor grant what their own role does not hold (taking away is fine), and the refusal is audited', async () => {
    const manager = await loginWithKeys(t, [...MANAGE, 'roles.view'], [16, 17]);
    // Keys within the manager's own; module 4 and menu 10 are not the manager's.
    const target = await createRoleWithKeys(t, ['roles.view'], [15, 10]);

    const beyond = await put(manager, target, { moduleIds: [5, 4, 2], menuIds: [15, 16, 10], roleKeys: ['users.delete', 'roles.view'] });
    expect(beyond.statusCode).toBe(403);
    // Module 4 and menu 10 are not the manager's, but the role has them already: only additions count.
    expect(beyond.json()).toEqual({
      success: false,
      code: 'FORBIDDEN',
      message: ROLE_MESSAGES.grantBeyondOwn,
      fieldErrors: {
        moduleIds: `${ROLE_MESSAGES.grantBeyondOwn} (modules 2)`,
        roleKeys: `${ROLE_MESSAGES.grantBeyondOwn} (users.delete)`,
      },
    });
    const menuBeyond = await put(manager, target, { moduleIds: [5, 4], menuIds: [15, 10, 11], roleKeys: ['roles.view'] });
    expect(menuBeyond.json().fieldErrors).toEqual({ menuIds: `${ROLE_MESSAGES.grantBeyondOwn} (menus 11)` });
    const [row] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'permission-denied'), eq(auditLog.actorId, manager.userId)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ entity: 'role', entityId: String(target), after: { reason: ROLE_MESSAGES.grantBeyondOwn } });

    // Keeping what the role already had (module 4 and menu 10), adding what the manager holds.
    const ok = await put(manager, target, { moduleIds: [5, 4], menuIds: [15, 16, 10], roleKeys: ['roles.view', 'permissions.view'] });
    expect(ok.statusCode).toBe(200);
    expect(await grantsOf(target)).toEqual({
      roleId: target,
      moduleIds: [4, 5],
      menuIds: [10, 15, 16],
      roleKeys: ['permissions.view', 'roles.view'],
    });
    // Taking away from a role within reach is fine.
    const stripped = await put(manager, target, { moduleIds: [5], menuIds: [15], roleKeys: [] });
    expect(stripped.statusCode).toBe(200);
    expect(await grantsOf(target)).toEqual({ roleId: target, moduleIds: [5], menuIds: [15], roleKeys: [] });
  });

  it('nor change, strip or re-module a role holding keys they lack (nothing changes; the refusal is audited)', async () => {
    const manager = await loginWithKeys(t, [...MANAGE, 'roles.view']);
    // users.view is not the manager's: this role is beyond reach, even to take keys away.
    const stronger = await createRoleWithKeys(t, ['users.view', 'roles.view'], [15]);
    const before = await grantsOf(stronger);
    const attempts = [
      () => put(manager, stronger, { moduleIds: [], menuIds: [], roleKeys: [] }),
      () => put(manager, stronger, { ...before, roleId: undefined, roleKeys: ['roles.view'] }),
      () => t.as(manager, { method: 'POST', url: '/api/permissions/add', payload: { roleId: stronger, menuIds: [], roleKeys: [] } }),
      () => t.as(manager, { method: 'POST', url: '/api/module-permissions/add', payload: { roleId: stronger, moduleIds: [] } }),
      () => put(manager, 1, { moduleIds: [], menuIds: [], roleKeys: [] }),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      if (res.statusCode === 409) {
        // Role 1 keeps its own refusal, for everyone.
        expect(res.json().message).toBe(ROLE_MESSAGES.superAdminGrants);
        continue;
      }
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ success: false, code: 'FORBIDDEN', message: ROLE_MESSAGES.beyondOwnRole });
    }
    expect(await grantsOf(stronger)).toEqual(before);
    const denials = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'permission-denied'), eq(auditLog.actorId, manager.userId), eq(auditLog.entityId, String(stronger))));
    expect(denials).toHaveLength(4);
    expect(denials.every((d) => d.entity === 'role')).toBe(true);

    // The super admin may.
    expect((await put(admin, stronger, { moduleIds: [5], menuIds: [], roleKeys: ['roles.view'] })).statusCode).toBe(200);
  });
});

describe('concurrent grant changes', () => {
  // Two managers of peer roles strip each other's role at once. Each request alone is allowed (the
  // other role is within reach); together, the second must see that its caller lost the keys: the
  // change locks both roles. Without that lock both answer 200 and both roles end up empty.
  it("two managers stripping each other's roles: exactly one wins", async () => {
    for (let round = 0; round < 4; round++) {
      const [sa, sb] = [await loginWithKeys(t, MANAGE), await loginWithKeys(t, MANAGE)];
      const results = await Promise.all([
        put(sa, sb.roleId, { moduleIds: [], menuIds: [], roleKeys: [] }),
        put(sb, sa.roleId, { moduleIds: [], menuIds: [], roleKeys: [] }),
      ]);
      expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join(' | ')).toEqual([200, 403]);
      expect(results.find((r) => r.statusCode === 403)!.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      const keys = [(await grantsOf(sa.roleId)).roleKeys.length, (await grantsOf(sb.roleId)).roleKeys.length];
      expect(keys.sort()).toEqual([0, MANAGE.length]);
    }
  });
});
