// The start-up rule of route-permissions.ts: every route under /api declares a valid permission,
// or buildApp's app refuses to get ready, naming each offending route.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createTestDatabase } from '../test/test-db.js';
import { permissionProblem } from './route-permissions.js';

const ok = async () => ({ ok: true });

describe('start-up check', () => {
  it('refuses to get ready while a route under /api declares nothing, an unknown key or an empty list', async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'route-perms-'));
    const app = await buildApp({
      logLevel: 'silent',
      dataDir,
      webDistDir: path.join(dataDir, 'none'),
      seedDemo: false,
      ...database.overrides,
    });
    try {
      // Inside the /api prefix like a module's routes, and at the root with an /api URL (a
      // plugin's own routes): both are under /api, so both must declare.
      await app.register(
        async (api) => {
          api.get('/undeclared', ok);
          api.post('/typo', { config: { permission: 'users.veiw' as never } }, ok);
          api.put('/empty', { config: { permission: { all: [] } } }, ok);
          api.get('/declared', { config: { permission: 'users.view' } }, ok);
        },
        { prefix: '/api/test' },
      );
      app.get('/api/root-level', ok);
      app.get('/outside-api', ok);

      const error = await app.ready().then(
        () => null,
        (e: Error) => e,
      );
      expect(error?.message).toContain('Every route under /api must declare config.permission');
      expect(error?.message).toContain('GET /api/test/undeclared declares no config.permission');
      expect(error?.message).toContain('HEAD /api/test/undeclared declares no config.permission');
      expect(error?.message).toContain('POST /api/test/typo names an unknown permission key "users.veiw"');
      expect(error?.message).toContain('PUT /api/test/empty declares {all} without a non-empty list of keys');
      expect(error?.message).toContain('GET /api/root-level declares no config.permission');
      expect(error?.message).not.toContain('/api/test/declared');
      expect(error?.message).not.toContain('/outside-api');
    } finally {
      await app.close().catch(() => {});
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('accepts the four forms of the issue plus {any}, with catalogue keys only', () => {
    for (const valid of ['public', 'session', 'users.view', { all: ['users.view', 'roles.view'] }, { any: ['users.create'] }]) {
      expect(permissionProblem(valid), JSON.stringify(valid)).toBeNull();
    }
    expect(permissionProblem(undefined)).toBe('declares no config.permission');
    expect(permissionProblem('optional')).toMatch(/unknown permission key "optional"/);
    expect(permissionProblem(['users.view'])).toMatch(/invalid permission/);
    expect(permissionProblem({ all: ['users.view'], any: ['roles.view'] })).toMatch(/neither/);
    expect(permissionProblem({ some: ['users.view'] })).toMatch(/neither/);
    expect(permissionProblem({ any: 'users.view' })).toMatch(/non-empty list/);
    expect(permissionProblem({ any: ['users.view', 'nope.view'] })).toBe('names unknown permission keys "nope.view"');
  });
});

describe('outside /api', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        beforeReady: (app) => {
          app.get('/outside/plain', ok);
          app.get('/outside/guarded', { config: { permission: 'users.view' } }, ok);
        },
      },
    );
  });
  afterAll(() => t?.close());

  it('routes need no declaration and are public; one that declares a key is enforced all the same', async () => {
    expect((await t.inject({ url: '/outside/plain' })).statusCode).toBe(200);
    expect((await t.inject({ url: '/outside/guarded' })).statusCode).toBe(401);
    const guest = await t.login('guest');
    expect((await t.as(guest, { url: '/outside/guarded' })).statusCode).toBe(403);
    expect((await t.as(await t.login('admin'), { url: '/outside/guarded' })).statusCode).toBe(200);
    expect(t.app.routeCatalogue.some((r) => r.url.startsWith('/outside'))).toBe(false);
  });

  it('the docs UI under /api/docs is declared public by swagger.ts and listed', async () => {
    const docs = t.app.routeCatalogue.filter((r) => r.url.startsWith('/api/docs'));
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.every((r) => r.permission === 'public')).toBe(true);
  });
});
