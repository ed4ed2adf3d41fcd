// Authorization matrix: every endpoint of the roles, permissions, dashboard, user-activity and
// user-sessions modules as the super admin, as a role holding just the endpoint's key(s), and as a
// role holding every other key of the catalogue but those. 2xx, 2xx, 403.
import { ALL_ROLE_KEYS, PERMISSION_KEYS as K } from '@console/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app.js';
import { createRoleWithKeys, loginWithKeys } from './testing.js';

let t: TestApp;
let admin: TestSession;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t?.close());

let n = 0;
const uniqueName = () => `Matrix role ${++n}`;
const newRole = async () => createRoleWithKeys(t, []);

type Endpoint = {
  name: string;
  /** The key(s) the "with" role holds; the "without" role holds every key but these. */
  keys: string[];
  run: (s: TestSession) => Promise<LightMyRequestResponse>;
};

const get = (url: string) => (s: TestSession) => t.as(s, { url });

const ENDPOINTS: Endpoint[] = [
  { name: 'GET /roles', keys: [K.roles.view], run: get('/api/roles') },
  { name: 'GET /roles/export/csv', keys: [K.roles.export], run: get('/api/roles/export/csv') },
  { name: 'POST /roles/add', keys: [K.roles.create], run: (s) => t.as(s, { method: 'POST', url: '/api/roles/add', payload: { name: uniqueName() } }) },
  {
    name: 'PATCH /roles/update/:id',
    keys: [K.roles.update],
    run: async (s) => t.as(s, { method: 'PATCH', url: `/api/roles/update/${await newRole()}`, payload: { name: uniqueName() } }),
  },
  { name: 'DELETE /roles/delete/:id', keys: [K.roles.delete], run: async (s) => t.as(s, { method: 'DELETE', url: `/api/roles/delete/${await newRole()}` }) },
  { name: 'GET /permissions', keys: [K.permissions.view], run: get('/api/permissions') },
  { name: 'GET /permissions/:id', keys: [K.permissions.view], run: get('/api/permissions/16') },
  {
    name: 'POST /permissions/add',
    keys: [K.permissions.manage],
    run: async (s) => t.as(s, { method: 'POST', url: '/api/permissions/add', payload: { roleId: await newRole(), menuIds: [], roleKeys: [] } }),
  },
  { name: 'GET /module-permissions', keys: [K.modulePermissions.view], run: get('/api/module-permissions?roleId=2') },
  {
    name: 'POST /module-permissions/add',
    keys: [K.modulePermissions.manage],
    run: async (s) => t.as(s, { method: 'POST', url: '/api/module-permissions/add', payload: { roleId: await newRole(), moduleIds: [] } }),
  },
  { name: 'GET /roles/:id/grants', keys: [K.permissions.view, K.modulePermissions.view], run: get('/api/roles/3/grants') },
  {
    name: 'PUT /roles/:id/grants',
    keys: [K.permissions.manage, K.modulePermissions.manage],
    run: async (s) => t.as(s, { method: 'PUT', url: `/api/roles/${await newRole()}/grants`, payload: { moduleIds: [], menuIds: [], roleKeys: [] } }),
  },
  { name: 'GET /product-dashboard', keys: [K.productDashboard.view], run: get('/api/product-dashboard') },
  { name: 'GET /user-activity', keys: [K.userActivity.view], run: get('/api/user-activity') },
  { name: 'GET /user-activity/export/csv', keys: [K.userActivity.export], run: get('/api/user-activity/export/csv') },
  { name: 'GET /user-sessions', keys: [K.userSessions.view], run: get('/api/user-sessions') },
  { name: 'GET /user-sessions/export/csv', keys: [K.userSessions.export], run: get('/api/user-sessions/export/csv') },
];

/** Keys that open an endpoint besides its own (the "any of" lists); the "without" role must not hold them either. */
const ALSO_OPENS: Record<string, string[]> = {
  'GET /roles': [K.users.create, K.users.update],
  'GET /user-activity': [K.userActivity.viewAll],
  'GET /user-sessions': [K.userSessions.viewAll],
};

describe('authorization matrix', () => {
  it.each(ENDPOINTS.map((e) => [e.name, e] as const))('%s: super admin 2xx, with the key 2xx, without it 403', async (_name, e) => {
    const asAdmin = await e.run(admin);
    expect(asAdmin.statusCode, `super admin: ${asAdmin.body.slice(0, 200)}`).toBeLessThan(300);

    const withKey = await loginWithKeys(t, e.keys);
    const allowed = await e.run(withKey);
    expect(allowed.statusCode, `with ${e.keys.join('+')}: ${allowed.body.slice(0, 200)}`).toBeLessThan(300);
    expect(allowed.statusCode).toBeGreaterThanOrEqual(200);

    const excluded = new Set([...e.keys, ...(ALSO_OPENS[e.name] ?? [])]);
    const without = await loginWithKeys(t, ALL_ROLE_KEYS.filter((k) => !excluded.has(k)));
    const denied = await e.run(without);
    expect(denied.statusCode, `without ${e.keys.join('+')}: ${denied.body.slice(0, 200)}`).toBe(403);
    expect(denied.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it('endpoints that need two keys refuse a role holding only one of them', async () => {
    for (const e of ENDPOINTS.filter((x) => x.keys.length > 1)) {
      for (const key of e.keys) {
        const half = await loginWithKeys(t, [key]);
        expect((await e.run(half)).statusCode, `${e.name} with only ${key}`).toBe(403);
      }
    }
  });

  it('GET /roles also opens to those who pick a role on the user form (users.create / users.update)', async () => {
    for (const key of [K.users.create, K.users.update]) {
      expect((await get('/api/roles')(await loginWithKeys(t, [key]))).statusCode, key).toBe(200);
    }
  });

  it('without a session every endpoint answers 401', async () => {
    for (const e of ENDPOINTS) {
      const res = await e.run({ token: '', sessionId: '', csrf: '', userId: 0, roleId: 0 });
      expect(res.statusCode, e.name).toBe(401);
    }
  });
});
