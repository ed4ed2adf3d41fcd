import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

/**
 * Per-IP limits on the endpoints attackers hammer (sign-in, code entry, password reset). Counters
 * live in Redis when REDIS_URL is set, so every replica shares them; in memory otherwise.
 * Routes opt in with `config: { rateLimit: perMinute(n) }`.
 */
export default fp(async function rateLimitPlugin(app: FastifyInstance) {
  // ioredis is loaded only when it is used (a server without REDIS_URL does not carry it).
  const redis = app.config.redisUrl
    ? new (await import('ioredis')).Redis(app.config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'console-rl-',
    // A Redis outage must not lock everyone out of signing in.
    skipOnError: true,
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => {})));
});

export const perMinute = (max: number) => ({ max, timeWindow: 60_000 });
