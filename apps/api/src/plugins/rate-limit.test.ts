import { randomInt } from 'node:crypto';
import { SERVER_MESSAGES } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 3, rateLimitOtpPerMinute: 2, rateLimitResetPerMinute: 2 });
});
afterAll(() => t?.close());

const RATE_LIMITED = { success: false, code: 'RATE_LIMITED', message: SERVER_MESSAGES.rateLimited };

describe('per-IP rate limits', () => {
  it('limits sign-in attempts: 429 in the error shape with the login fields and retry-after', async () => {
    const attempt = () => t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@example.com', password: 'whatever1' } });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(400);
    const res = await attempt();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ ...RATE_LIMITED, responseType: false, loginType: 'default' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts per IP: another client address is not affected', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.9',
      payload: { email: 'x@example.com', password: 'whatever1' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('limits code entry', async () => {
    const attempt = () => t.inject({ method: 'POST', url: '/api/auth/otp/verification', payload: { token: 'some-token', otp: '123456' } });
    await attempt();
    await attempt();
    expect((await attempt()).json()).toMatchObject(RATE_LIMITED);
  });

  it('limits password-reset requests', async () => {
    const attempt = () => t.inject({ method: 'POST', url: '/api/auth/request-password', payload: { email: 'x@example.com' } });
    await attempt();
    await attempt();
    const res = await attempt();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(RATE_LIMITED);
  });

  it('limits reset-link checks like the reset itself (no cheaper way to guess tokens)', async () => {
    const attempt = () => t.inject({ method: 'POST', url: '/api/auth/reset-password/check', payload: { resetToken: 'guess' } });
    expect((await attempt()).statusCode).toBe(200);
    expect((await attempt()).statusCode).toBe(200);
    const res = await attempt();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(RATE_LIMITED);
  });
});

// Replicas share their counters through Redis (REDIS_URL); `npm test` and .ci/run start the local one when it is down.
describe('counters shared through Redis', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await Promise.all([
      createTestApp({ redisUrl, rateLimitLoginPerMinute: 3 }),
      createTestApp({ redisUrl, rateLimitLoginPerMinute: 3 }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('two replicas count one client together: the fourth attempt, on either, is refused', async () => {
    // An address of its own, so counters left by an earlier run in the same minute do not count.
    const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const attempt = (app: TestApp) =>
      app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email: 'x@example.com', password: 'whatever1' } });
    expect((await attempt(a)).statusCode).toBe(400);
    expect((await attempt(b)).statusCode).toBe(400);
    expect((await attempt(a)).statusCode).toBe(400);
    expect((await attempt(b)).statusCode).toBe(429);
    expect((await attempt(a)).statusCode).toBe(429);
  });
});
