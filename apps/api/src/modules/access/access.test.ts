import { ALL_ROLE_KEYS, buildModuleCatalogue, type Module, type RolePermissions } from '@console/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuPermissions, modulePermissions, rolePermissions, subModules } from '../../db/schema/index.js';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app.js';

let t: TestApp;
let admin: TestSession;
let manager: TestSession;
let agent: TestSession;
let guest: TestSession;

beforeAll(async () => {
  t = await createTestApp({ productSlug: 'acme', productName: 'Acme' });
  admin = await t.login('admin');
  manager = await t.login('manager');
  guest = await t.login('guest');
  agent = await t.login('agent'); // two-step: the helper reads the e-mailed code
});
afterAll(() => t?.close());

const modulesOf = async (s: TestSession) => (await t.as(s, { url: '/api/modules' })).json<{ data: Module[] }>().data;
const shape = (mods: Module[]) => Object.fromEntries(mods.map((m) => [m.slug, m.menus.map((x) => x.slug)]));
const perms = async (s: TestSession, roleId: number) => t.as(s, { url: `/api/role-permissions/${roleId}` });

describe('GET /api/modules', () => {
  it('gives the super admin every module and menu, with the configured product module', async () => {
    const mods = await modulesOf(admin);
    const catalogue = buildModuleCatalogue({ slug: 'acme', name: 'Acme' });
    expect(mods).toEqual(catalogue);
    expect(mods.find((m) => m.id === 5)).toMatchObject({ slug: 'acme', name: 'Acme' });
  });

  it('gives role 2 exactly its grants', async () => {
    expect(shape(await modulesOf(manager))).toEqual({
      'demo-admin': ['clients', 'demo-media'],
      profile: ['about', 'user-activity', 'user-sessions'],
    });
  });

  it('gives role 3 its modules, including aes without menus (the Access Denied case)', async () => {
    expect(shape(await modulesOf(agent))).toEqual({ 'tone-dashboard': ['locations', 'user-request'], aes: [], profile: ['about'] });
  });

  it('gives role 4 nothing (the Please contact Admin case)', async () => {
    expect(await modulesOf(guest)).toEqual([]);
  });
});

describe('GET /api/menus/:n?module=', () => {
  it("returns the caller's permitted menus of the module; the path number grants nothing", async () => {
    const res = await t.as(manager, { url: '/api/menus/1?module=demo-admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((m: { slug: string }) => m.slug)).toEqual(['clients', 'demo-media']);
    expect((await t.as(manager, { url: '/api/menus/5?module=demo-admin' })).json()).toEqual(res.json());
    expect((await t.as(manager, { url: '/api/menus/1?module=acme' })).json()).toEqual({ data: [] });
    expect((await t.as(admin, { url: '/api/menus/1?module=acme' })).json().data).toHaveLength(7);
    expect((await t.as(manager, { url: '/api/menus/1?module=nope' })).statusCode).toBe(404);
    expect((await t.as(manager, { url: '/api/menus/1' })).statusCode).toBe(400);
  });
});

describe('GET /api/menus/list/:slug', () => {
  it('lists every menu of a module for holders of permissions.view, 403 otherwise', async () => {
    const res = await t.as(admin, { url: '/api/menus/list/demo-admin' });
    expect(res.json().data.map((m: { slug: string }) => m.slug)).toEqual([
      'client-dashboard',
      'clients',
      'campaign-media',
      'demo-media',
      'manage-actions',
    ]);
    const denied = await t.as(manager, { url: '/api/menus/list/demo-admin' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('FORBIDDEN');
    expect((await t.as(admin, { url: '/api/menus/list/nope' })).statusCode).toBe(404);
  });
});

describe('GET /api/role-permissions/:roleId', () => {
  it("returns the caller's own role: menus keyed by module slug and the roleKeys", async () => {
    const res = await perms(manager, 2);
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: RolePermissions }>().data;
    expect(data.roleId).toBe(2);
    expect(Object.keys(data.menuPermissions).sort()).toEqual(['demo-admin', 'profile']);
    expect(data.menuPermissions['demo-admin']?.map((m) => m.slug)).toEqual(['clients', 'demo-media']);
    const expected = ALL_ROLE_KEYS.filter(
      (k) =>
        k.startsWith('clients.') ||
        k.startsWith('demo-media.') ||
        k.startsWith('profile.') ||
        ['user-activity.view', 'user-sessions.view', 'user-sessions.revoke'].includes(k),
    ).sort();
    expect(data.rolePermissions).toEqual(expected);
  });

  it('role 3 and role 4', async () => {
    const agentPerms = (await perms(agent, 3)).json<{ data: RolePermissions }>().data;
    expect(agentPerms.rolePermissions).toEqual(['locations.view', 'profile.update', 'profile.view', 'user-requests.view']);
    expect(agentPerms.menuPermissions.aes).toEqual([]);
    expect((await perms(guest, 4)).json()).toEqual({ data: { roleId: 4, menuPermissions: {}, rolePermissions: [] } });
  });

  it('refuses another role to a non-super-admin; the super admin reads any role and holds every key', async () => {
    expect((await perms(manager, 1)).statusCode).toBe(403);
    expect((await perms(guest, 2)).statusCode).toBe(403);
    expect((await perms(admin, 3)).json().data.rolePermissions).toHaveLength(4);
    const own = (await perms(admin, 1)).json<{ data: RolePermissions }>().data;
    expect([...own.rolePermissions].sort()).toEqual([...ALL_ROLE_KEYS].sort());
    expect(Object.keys(own.menuPermissions)).toEqual(['tone-dashboard', 'demo-admin', 'aes', 'profile', 'acme']);
    expect((await perms(admin, 999)).statusCode).toBe(404);
  });
});

describe('grants are read per request', () => {
  it('a grant added to a role applies on the next request, and its removal too', async () => {
    expect((await t.as(guest, { url: '/api/user-activity' })).statusCode).toBe(403);
    const [key] = await t.app.db.select().from(subModules).where(eq(subModules.roleKey, 'user-activity.view'));
    try {
      await t.app.db.insert(rolePermissions).values({ roleId: 4, subModuleId: key!.id });
      await t.app.db.insert(modulePermissions).values({ roleId: 4, moduleId: 4 });
      await t.app.db.insert(menuPermissions).values({ roleId: 4, menuId: 11 });
      expect((await t.as(guest, { url: '/api/user-activity' })).statusCode).toBe(200);
      expect(shape(await modulesOf(guest))).toEqual({ profile: ['user-activity'] });

      await t.app.db.delete(rolePermissions).where(and(eq(rolePermissions.roleId, 4), eq(rolePermissions.subModuleId, key!.id)));
      await t.app.db.delete(modulePermissions).where(eq(modulePermissions.roleId, 4));
      expect((await t.as(guest, { url: '/api/user-activity' })).statusCode).toBe(403);
      expect(await modulesOf(guest)).toEqual([]);
    } finally {
      // Role 4 has no grants in the seed: leave it so, whatever happened above.
      await t.app.db.delete(rolePermissions).where(eq(rolePermissions.roleId, 4));
      await t.app.db.delete(modulePermissions).where(eq(modulePermissions.roleId, 4));
      await t.app.db.delete(menuPermissions).where(eq(menuPermissions.roleId, 4));
    }
  });
});
