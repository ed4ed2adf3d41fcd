import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COOKIE_NAMES, SIGNED_IN_PAGE_FILE } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

const dist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
let t: TestApp;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="app-config" content="__APP_CONFIG__"><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(dist, SIGNED_IN_PAGE_FILE),
    '<!doctype html><html><head><meta name="app-config" content="__APP_CONFIG__"><meta name="app-entry" content="/assets/index-abc123.js" /></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webDistDir: dist, productName: 'Acme "Console" <One>', productSlug: 'acme' });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const metaOf = (html: string) => {
  const m = /<meta name="app-config" content="([^"]*)">/.exec(html);
  const decoded = (m?.[1] ?? '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return JSON.parse(decoded);
};

describe('static SPA', () => {
  it('serves index.html at / with the app config injected (HTML-escaped), never cached', async () => {
    const res = await t.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).not.toContain('__APP_CONFIG__');
    expect(res.body).not.toContain('<One>');
    expect(metaOf(res.body)).toEqual({
      productSlug: 'acme',
      productName: 'Acme "Console" <One>',
      supportEmail: 'support@example.com',
      inactivityTimeoutMs: 600_000,
    });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('falls back to index.html for SPA routes (history API), including deep links', async () => {
    for (const url of ['/login', '/otp/some-token', '/acme/users', '/reset-password?token=abc', '/index.html']) {
      const res = await t.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(metaOf(res.body).productSlug).toBe('acme');
    }
  });

  it('sends a signed-in screen the page whose scripts start after the first paint; public screens and visitors get index.html', async () => {
    const cookie = { [COOKIE_NAMES.userDetails]: encodeURIComponent(JSON.stringify({ user: { firstname: 'Ada' } })) };
    const page = async (url: string, cookies?: Record<string, string>) => {
      const res = await t.inject({ url, cookies });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.vary, url).toContain('cookie');
      expect(metaOf(res.body).productSlug, url).toBe('acme');
      return res.body.includes('name="app-entry"') ? 'signed-in' : 'index';
    };
    for (const url of ['/', '/home', '/acme/users?page=2', '/platform/dashboard']) expect(await page(url, cookie), url).toBe('signed-in');
    for (const url of ['/login', '/otp/some-token', '/token-expiry', '/docs/getting-started', '/reset-password?token=abc'])
      expect(await page(url, cookie), url).toBe('index');
    for (const url of ['/home', '/acme/users']) expect(await page(url), url).toBe('index');
    // Never sent as a raw file (its config placeholder unfilled).
    expect(await page(`/${SIGNED_IN_PAGE_FILE}`)).toBe('index');
  });

  it('caches hashed assets for a year (immutable), other files briefly', async () => {
    const js = await t.inject({ url: '/assets/index-abc123.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.inject({ url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers a missing file with 404, and unknown /api paths with the JSON 404', async () => {
    expect((await t.inject({ url: '/assets/missing-123.js' })).statusCode).toBe(404);
    const api = await t.inject({ url: '/api/does-not-exist' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});

describe('without a web build', () => {
  it('answers / with a clear 503 saying to build', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.inject({ url: '/' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toContain('npm run build');
      expect((await bare.inject({ url: '/home' })).statusCode).toBe(503);
      expect((await bare.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
