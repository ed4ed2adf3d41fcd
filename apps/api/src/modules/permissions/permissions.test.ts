import { ALL_ROLE_KEYS, buildModuleCatalogue, PERMISSION_CATALOGUE, type PermissionDetail, ROLE_MESSAGES } from '@console/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app.js';
import { createRoleWithKeys } from '../roles/testing.js';

let t: TestApp;
let admin: TestSession;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t?.close());

type Groups = { data: PermissionDetail[]; total: number; totalPages: number };
const get = (url: string) => t.as(admin, { url });
const post = (url: string, payload: object) => t.as(admin, { method: 'POST', url, payload });
const grantsOf = async (roleId: number) => (await get(`/api/roles/${roleId}/grants`)).json().data;
const lastGrantAudit = async (roleId: number) =>
  (
    await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'grant'), eq(auditLog.entityId, String(roleId))))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

describe('GET /permissions', () => {
  it('answers every permission group with its sub-modules and roleKeys', async () => {
    const res = await get('/api/permissions');
    expect(res.statusCode).toBe(200);
    const body = res.json<Groups>();
    expect(body.total).toBe(PERMISSION_CATALOGUE.length);
    expect(body.totalPages).toBe(1);
    expect(body.data.map((g) => ({ id: g.id, name: g.name, moduleId: g.moduleId, keys: g.subModules.map((s) => s.roleKey) }))).toEqual(
      PERMISSION_CATALOGUE.map((g) => ({ id: g.id, name: g.name, moduleId: g.moduleId, keys: g.subModules.map((s) => s.roleKey) })),
    );
    const users = body.data.find((g) => g.name === 'Users')!;
    expect(users.subModules[0]).toEqual({ id: expect.any(Number), name: 'View', roleKey: 'users.view' });
  });

  it('pages when limit is given, filters by module, searches names and keys, sorts', async () => {
    const page = (await get('/api/permissions?limit=5&page=2')).json<Groups>();
    expect(page).toMatchObject({ total: PERMISSION_CATALOGUE.length, totalPages: Math.ceil(PERMISSION_CATALOGUE.length / 5) });
    expect(page.data.map((g) => g.id)).toEqual([6, 7, 8, 9, 10]);
    const product = (await get('/api/permissions?moduleId=5')).json<Groups>();
    expect(product.data.map((g) => g.name)).toEqual([
      'Dashboard',
      'Companies',
      'Users',
      'Roles',
      'Permissions',
      'Module Permissions',
      'Change History',
    ]);
    expect((await get('/api/permissions?search=regenerate')).json<Groups>().data.map((g) => g.name)).toEqual(['Users']);
    expect((await get('/api/permissions?search=bulk%20upload')).json<Groups>().data.map((g) => g.name)).toEqual([
      'Campaign Media',
      'Demo Media',
      'Manage Actions',
    ]);
    const byName = (await get('/api/permissions?sortField=name&sortOrder=desc')).json<Groups>().data.map((g) => g.name);
    expect(byName).toEqual([...byName].sort((a, b) => b.localeCompare(a)));
  });

  it('refuses a bad query with field errors', async () => {
    for (const qs of ['sortField=secret', 'limit=0', 'moduleId=abc', 'page=0']) {
      const res = await get(`/api/permissions?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {}), qs).toHaveLength(1);
    }
  });
});

describe('GET /permissions/:id', () => {
  it('answers one group with its sub-modules', async () => {
    const res = await get('/api/permissions/17');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: 17, name: 'Roles', moduleId: 5 });
    expect(res.json().data.subModules.map((s: { roleKey: string }) => s.roleKey)).toEqual([
      'roles.view',
      'roles.create',
      'roles.update',
      'roles.delete',
      'roles.export',
      'roles.revert',
    ]);
  });

  it('404 for an unknown group, 400 for a bad id', async () => {
    const res = await get('/api/permissions/999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await get('/api/permissions/abc')).statusCode).toBe(400);
  });
});

describe('POST /permissions/add', () => {
  it("replaces a role's menus and keys within its modules, keeps its modules, and audits before/after", async () => {
    const roleId = await createRoleWithKeys(t, ['locations.view'], [2]);
    const res = await post('/api/permissions/add', { roleId, menuIds: [1, 3], roleKeys: ['tone-home.view', 'user-requests.view'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: ROLE_MESSAGES.grantsSaved,
      data: { roleId, moduleIds: [1], menuIds: [1, 3], roleKeys: ['tone-home.view', 'user-requests.view'] },
    });
    expect(await lastGrantAudit(roleId)).toMatchObject({
      actorId: admin.userId,
      entity: 'role',
      before: { moduleIds: [1], menuIds: [2], roleKeys: ['locations.view'] },
      after: { moduleIds: [1], menuIds: [1, 3], roleKeys: ['tone-home.view', 'user-requests.view'] },
    });
  });

  it('accepts roleId as a string (form posts) and empty lists (strip everything but the modules)', async () => {
    const roleId = await createRoleWithKeys(t, ['profile.view'], [10]);
    const res = await post('/api/permissions/add', { roleId: String(roleId), menuIds: [], roleKeys: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ roleId, moduleIds: [4], menuIds: [], roleKeys: [] });
  });

  it('refuses unknown menus and keys, and those of modules the role is not granted, all at once', async () => {
    const roleId = await createRoleWithKeys(t, ['profile.view'], [10]);
    const unknown = await post('/api/permissions/add', { roleId, menuIds: [10, 9999], roleKeys: ['profile.view', 'nope.view'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'VALIDATION',
      fieldErrors: { menuIds: 'Unknown menu: 9999', roleKeys: 'Unknown permission key: nope.view' },
    });
    const stray = await post('/api/permissions/add', { roleId, menuIds: [10, 15], roleKeys: ['users.view'] });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().fieldErrors).toEqual({
      menuIds: 'Menus 15 belong to a module this role is not granted',
      roleKeys: 'Permission keys users.view belong to a module this role is not granted',
    });
    // nothing was written
    expect(await grantsOf(roleId)).toEqual({ roleId, moduleIds: [4], menuIds: [10], roleKeys: ['profile.view'] });
  });

  it('validates the body shape', async () => {
    for (const [payload, field] of [
      [{ menuIds: [], roleKeys: [] }, 'roleId'],
      [{ roleId: 0, menuIds: [], roleKeys: [] }, 'roleId'],
      [{ roleId: 2, menuIds: 'all', roleKeys: [] }, 'menuIds'],
      [{ roleId: 2, menuIds: [-1], roleKeys: [] }, 'menuIds.0'],
      [{ roleId: 2, menuIds: [], roleKeys: ['x'.repeat(101)] }, 'roleKeys.0'],
      [{ roleId: 2, menuIds: [] }, 'roleKeys'],
    ] as const) {
      const res = await post('/api/permissions/add', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fieldErrors, JSON.stringify(payload)).toHaveProperty([field]);
    }
  });

  it('role 1 cannot be changed (409); an unknown role is 404', async () => {
    const res = await post('/api/permissions/add', { roleId: 1, menuIds: [], roleKeys: [] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: ROLE_MESSAGES.superAdminGrants });
    expect((await post('/api/permissions/add', { roleId: 99_999, menuIds: [], roleKeys: [] })).statusCode).toBe(404);
  });
});

describe('GET /module-permissions', () => {
  it('lists {roleId, moduleId} of every role, role 1 with every module', async () => {
    const res = await get('/api/module-permissions');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { roleId: number; moduleId: number }[];
    expect(data.filter((r) => r.roleId === 1).map((r) => r.moduleId)).toEqual([1, 2, 3, 4, 5]);
    expect(data.filter((r) => r.roleId === 2)).toEqual([
      { roleId: 2, moduleId: 2 },
      { roleId: 2, moduleId: 4 },
    ]);
    expect(data.some((r) => r.roleId === 4)).toBe(false);
  });

  it('?roleId narrows to one role; 404 for an unknown role; 400 for a bad one', async () => {
    expect((await get('/api/module-permissions?roleId=3')).json().data).toEqual([
      { roleId: 3, moduleId: 1 },
      { roleId: 3, moduleId: 3 },
      { roleId: 3, moduleId: 4 },
    ]);
    expect((await get('/api/module-permissions?roleId=1')).json().data).toHaveLength(5);
    expect((await get('/api/module-permissions?roleId=4')).json().data).toEqual([]);
    expect((await get('/api/module-permissions?roleId=999')).statusCode).toBe(404);
    const bad = await get('/api/module-permissions?roleId=x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('roleId');
  });
});

describe('POST /module-permissions/add', () => {
  it("replaces a role's modules; removing a module removes its menus and keys too", async () => {
    const roleId = await createRoleWithKeys(t, ['clients.view', 'profile.view'], [5, 10]);
    const res = await post('/api/module-permissions/add', { roleId, moduleIds: [4, 3] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: ROLE_MESSAGES.grantsSaved,
      data: { roleId, moduleIds: [3, 4], menuIds: [10], roleKeys: ['profile.view'] },
    });
    expect(await lastGrantAudit(roleId)).toMatchObject({
      before: { moduleIds: [2, 4], menuIds: [5, 10], roleKeys: ['clients.view', 'profile.view'] },
      after: { moduleIds: [3, 4], menuIds: [10], roleKeys: ['profile.view'] },
    });
  });

  it('refuses unknown modules with fieldErrors.moduleIds and writes nothing', async () => {
    const roleId = await createRoleWithKeys(t, ['profile.view']);
    const res = await post('/api/module-permissions/add', { roleId, moduleIds: [4, 77] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ moduleIds: 'Unknown module: 77' });
    expect((await grantsOf(roleId)).moduleIds).toEqual([4]);
  });

  it('validates the body; role 1 is 409; an unknown role is 404', async () => {
    for (const payload of [
      { moduleIds: [1] },
      { roleId: 2 },
      { roleId: 2, moduleIds: ['a'] },
      { roleId: 2, moduleIds: Array(101).fill(1) },
    ]) {
      expect((await post('/api/module-permissions/add', payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await post('/api/module-permissions/add', { roleId: 1, moduleIds: [] })).statusCode).toBe(409);
    expect((await post('/api/module-permissions/add', { roleId: 4242, moduleIds: [] })).statusCode).toBe(404);
  });
});

describe('GET/PUT /roles/:id/grants', () => {
  it('reads the matrix of a role; role 1 holds everything', async () => {
    expect(await grantsOf(3)).toEqual({
      roleId: 3,
      moduleIds: [1, 3, 4],
      menuIds: [2, 3, 10],
      roleKeys: ['locations.view', 'profile.update', 'profile.view', 'user-requests.view'],
    });
    const all = await grantsOf(1);
    expect(all.moduleIds).toEqual([1, 2, 3, 4, 5]);
    expect(all.menuIds).toEqual(buildModuleCatalogue({ slug: 'p', name: 'P' }).flatMap((m) => m.menus.map((x) => x.id)));
    expect(all.roleKeys).toEqual([...ALL_ROLE_KEYS].sort());
    expect((await get('/api/roles/999/grants')).statusCode).toBe(404);
    expect((await get('/api/roles/x/grants')).statusCode).toBe(400);
  });

  it('replaces modules, menus and keys together, de-duplicated and sorted, and audits once', async () => {
    const roleId = await createRoleWithKeys(t, []);
    const payload = { moduleIds: [5, 4, 5], menuIds: [16, 10, 15], roleKeys: ['users.view', 'roles.view', 'profile.view', 'users.view'] };
    const res = await t.as(admin, { method: 'PUT', url: `/api/roles/${roleId}/grants`, payload });
    expect(res.statusCode).toBe(200);
    const expected = { roleId, moduleIds: [4, 5], menuIds: [10, 15, 16], roleKeys: ['profile.view', 'roles.view', 'users.view'] };
    expect(res.json()).toEqual({ success: true, message: ROLE_MESSAGES.grantsSaved, data: expected });
    expect(await grantsOf(roleId)).toEqual(expected);
    const audit = await lastGrantAudit(roleId);
    expect(audit).toMatchObject({ before: { moduleIds: [], menuIds: [], roleKeys: [] }, after: { moduleIds: [4, 5] } });
    // Saving the same grants again changes nothing and writes no audit row.
    await t.as(admin, { method: 'PUT', url: `/api/roles/${roleId}/grants`, payload });
    expect((await lastGrantAudit(roleId))!.id).toBe(audit!.id);
    // The sidebar of the role follows (modules keyed by slug, menus inside).
    const perms = (await get(`/api/role-permissions/${roleId}`)).json().data;
    expect(
      Object.fromEntries(Object.entries(perms.menuPermissions).map(([k, v]) => [k, (v as { slug: string }[]).map((m) => m.slug)])),
    ).toEqual({
      profile: ['about'],
      platform: ['users', 'roles'],
    });
  });

  it('rejects inconsistent grants with every field error at once and leaves the role unchanged', async () => {
    const roleId = await createRoleWithKeys(t, ['profile.view'], [10]);
    const res = await t.as(admin, {
      method: 'PUT',
      url: `/api/roles/${roleId}/grants`,
      payload: { moduleIds: [4, 99], menuIds: [10, 13], roleKeys: ['profile.view', 'companies.view'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      moduleIds: 'Unknown module: 99',
      menuIds: 'Menus 13 belong to a module this role is not granted',
      roleKeys: 'Permission keys companies.view belong to a module this role is not granted',
    });
    expect(await grantsOf(roleId)).toEqual({ roleId, moduleIds: [4], menuIds: [10], roleKeys: ['profile.view'] });
  });

  it('validates the body and the id; role 1 is 409; unknown role 404', async () => {
    const put = (id: number | string, payload: object) => t.as(admin, { method: 'PUT', url: `/api/roles/${id}/grants`, payload });
    for (const [payload, field] of [
      [{ menuIds: [], roleKeys: [] }, 'moduleIds'],
      [{ moduleIds: [], roleKeys: [] }, 'menuIds'],
      [{ moduleIds: [], menuIds: [] }, 'roleKeys'],
      [{ moduleIds: [0], menuIds: [], roleKeys: [] }, 'moduleIds.0'],
      [{ moduleIds: [], menuIds: [1.5], roleKeys: [] }, 'menuIds.0'],
      [{ moduleIds: [], menuIds: [], roleKeys: [7] }, 'roleKeys.0'],
    ] as const) {
      const res = await put(2, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fieldErrors, JSON.stringify(payload)).toHaveProperty([field]);
    }
    expect((await put('zero', { moduleIds: [], menuIds: [], roleKeys: [] })).statusCode).toBe(400);
    const root = await put(1, { moduleIds: [], menuIds: [], roleKeys: [] });
    expect(root.statusCode).toBe(409);
    expect(root.json().message).toBe(ROLE_MESSAGES.superAdminGrants);
    expect((await put(31_337, { moduleIds: [], menuIds: [], roleKeys: [] })).statusCode).toBe(404);
  });

  it('concurrent changes of one role are serialised: the result is exactly one of them', async () => {
    const roleId = await createRoleWithKeys(t, []);
    const a = { moduleIds: [4], menuIds: [10, 11], roleKeys: ['profile.view', 'user-activity.view'] };
    const b = { moduleIds: [2], menuIds: [5], roleKeys: ['clients.view'] };
    const results = await Promise.all(
      [a, b, a, b].map((payload) => t.as(admin, { method: 'PUT', url: `/api/roles/${roleId}/grants`, payload })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const final = await grantsOf(roleId);
    expect([
      { roleId, ...a },
      { roleId, ...b },
    ]).toContainEqual(final);
  });
});
