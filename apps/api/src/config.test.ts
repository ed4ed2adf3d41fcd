import path from 'node:path';
import { SECURITY_DEFAULTS } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      pgliteDataDir: path.resolve('./data/pglite'),
      databaseUrl: undefined,
      adminEmail: 'admin@example.com',
      adminPassword: undefined,
      smtpUrl: undefined,
      appUrl: 'http://localhost:3000',
      productSlug: 'platform',
      productName: 'Platform',
      supportEmail: 'support@example.com',
      seedDemo: true,
      logLevel: 'info',
      trustProxy: false,
      lockoutThreshold: SECURITY_DEFAULTS.lockoutThreshold,
      lockoutMinutes: SECURITY_DEFAULTS.lockoutMinutes,
      idleTimeoutMs: SECURITY_DEFAULTS.idleTimeoutMs,
      sessionAbsoluteHours: 12,
      rememberSessionDays: 30,
      rememberIdleDays: 7,
      otpTtlMinutes: 10,
      otpMaxAttempts: 5,
      resetTokenTtlMinutes: 60,
      rateLimitLoginPerMinute: SECURITY_DEFAULTS.loginRateLimitPerMinute,
    });
    expect(c.webDistDir.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('reads every variable, and SEED_DEMO defaults to off on PostgreSQL', () => {
    const c = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/x',
      APP_URL: 'https://console.example.com/',
      TRUST_PROXY: 'true',
      IDLE_TIMEOUT_MS: '1000',
      LOCKOUT_MINUTES: '0.5',
      PRODUCT_SLUG: 'acme',
      SEED_DEMO: '',
    });
    expect(c).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@db:5432/x',
      appUrl: 'https://console.example.com',
      trustProxy: true,
      idleTimeoutMs: 1000,
      lockoutMinutes: 0.5,
      productSlug: 'acme',
      seedDemo: false,
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/x', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('fails with a clear message naming each bad variable', () => {
    const bad = () =>
      loadConfig({ PORT: 'eighty', ADMIN_EMAIL: 'nope', ADMIN_PASSWORD: '123', TRUST_PROXY: 'maybe', PRODUCT_SLUG: 'Has Spaces' });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (err) {
      const message = (err as Error).message;
      for (const name of ['PORT', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'TRUST_PROXY', 'PRODUCT_SLUG']) expect(message).toContain(name);
    }
  });

  it('lets overrides win over the environment', () => {
    expect(loadConfig({ PORT: '4000' }, { port: 5000, idleTimeoutMs: 50 })).toMatchObject({ port: 5000, idleTimeoutMs: 50 });
  });
});
