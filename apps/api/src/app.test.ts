import { Writable } from 'node:stream';
import { SERVER_MESSAGES } from '@console/contract';
import { eq } from 'drizzle-orm';
import { sessions } from './db/schema/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp, USERS } from './test/test-app.js';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logLines.push(chunk.toString());
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { logLevel: 'info' },
    {
      logStream,
      beforeReady: (app) => {
        app.get('/api-test/boom', { config: { permission: 'public' } }, async () => {
          throw new Error('secret internal detail at /srv/db.ts:42');
        });
      },
    },
  );
});
afterAll(() => t?.close());

describe('HTTP basics', () => {
  it('GET /api/health checks the database', async () => {
    const res = await t.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('GET /api/app-config gives the SPA its public configuration', async () => {
    expect((await t.inject({ url: '/api/app-config' })).json()).toEqual({
      productSlug: 'platform',
      productName: 'Platform',
      supportEmail: 'support@example.com',
      inactivityTimeoutMs: 600_000,
    });
  });

  it('sends the security headers: strict CSP, nosniff, frame-ancestors none, referrer policy; no x-powered-by', async () => {
    const res = await t.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    // Audio and video previews play from object URLs: without blob: the player stays empty.
    expect(csp).toContain("media-src 'self' blob:");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-request-id']).toBeTruthy();
    // plain HTTP: no HSTS
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers unknown /api paths with the JSON 404 shape', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/auth/nope'],
      ['DELETE', '/api/modules'],
    ] as const) {
      const res = await t.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: SERVER_MESSAGES.notFound });
    }
  });

  it('never sends a stack trace or internal message in a 500', async () => {
    const res = await t.inject({ url: '/api-test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, code: 'INTERNAL', message: SERVER_MESSAGES.internal });
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('.ts');
  });

  it('refuses malformed JSON with 400 in the error shape, and accepts an empty JSON body', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION', responseType: false, loginType: 'default' });
    const logout = await t.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(logout.statusCode).toBe(200);
  });

  it('serves the OpenAPI document with the auth paths, and the docs UI', async () => {
    const res = await t.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/auth/login',
      '/api/auth/request-password',
      '/api/auth/reset-password',
      '/api/auth/csrf-token',
      '/api/auth/get-token/{id}',
      '/api/auth/otp/verification',
      '/api/auth/otp/resend',
      '/api/auth/logout',
      '/api/auth/heartbeat',
      '/api/auth/user-activity/add',
      '/api/auth/user-sessions/add',
      '/api/user-activity',
      '/api/user-sessions',
      '/api/user-sessions/{id}/end',
      '/api/modules',
      '/api/menus/{n}',
      '/api/menus/list/{slug}',
      '/api/role-permissions/{roleId}',
      '/api/health',
      '/api/app-config',
    ]) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
    expect(JSON.stringify(doc.paths['/api/auth/login'])).toContain('rememberMe');
    const ui = await t.inject({ url: '/api/docs/' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('HSTS only when the request came over TLS (trusted proxy)', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const https = await proxied.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      const http = await proxied.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security']).toBeUndefined();
      // A forwarded address that is not an IP (or is longer than any) is not believed either:
      // it would overflow the ip columns of sessions, activity and audit rows.
      for (const forwarded of [
        'x'.repeat(100),
        `1.2.3.4, ${'y'.repeat(80)}`,
        "'; DROP TABLE users; --",
        `::ffff:1.2.3.4%${'z'.repeat(80)}`,
      ]) {
        const res = await proxied.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'x-forwarded-for': forwarded },
          payload: USERS.manager,
        });
        expect(res.statusCode, forwarded).toBe(200);
      }
      const signedIn = await proxied.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-for': '203.0.113.7' },
        payload: USERS.manager,
      });
      const [session] = await proxied.app.db
        .select({ ip: sessions.ip })
        .from(sessions)
        .where(eq(sessions.id, signedIn.json().data.sessionId));
      expect(session?.ip).toBe('203.0.113.7');
    } finally {
      await proxied.close();
    }
    // without TRUST_PROXY the header is not believed
    const spoofed = await t.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('logs with request ids and without passwords, tokens or codes', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: USERS.agent.email, password: DEMO_PASSWORD } });
    const challenge = res.json().data.accessToken as string;
    await t.inject({ url: `/api/auth/get-token/${challenge}` });
    const s = await t.login('manager');
    await t.as(s, { url: '/api/modules' });
    await t.inject({ url: '/api-test/boom' });
    const text = logLines.join('');
    expect(text).toContain('"reqId"');
    expect(text).toContain('/auth/get-token/[redacted]');
    for (const secret of [DEMO_PASSWORD, challenge, s.token, s.csrf]) expect(text).not.toContain(secret);
    // the 500's detail is in the log (for operators), not in the response
    expect(text).toContain('secret internal detail');
  });
});

describe('health when the database is down', () => {
  it('answers 503 in the error shape', async () => {
    const broken = await createTestApp();
    try {
      await broken.app.dbHandle.close();
      const res = await broken.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAVAILABLE' });
      const s = await broken.inject({ url: '/api/modules', headers: { authorization: 'Bearer some-token-value-that-is-long' } });
      expect(s.statusCode).toBe(500);
      expect(s.json()).toEqual({ success: false, code: 'INTERNAL', message: SERVER_MESSAGES.internal });
    } finally {
      await broken.close();
    }
  });
});
