import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { requireAuth } from '../../plugins/auth.js';

/**
 * A route-level onRequest hook for routes that need every one of several keys (the route's
 * `config.permission` is "any of"). It runs right after the auth plugin's hook, still before the
 * body is parsed, and records a denial the same way.
 */
export function requireAllKeys(app: FastifyInstance, keys: readonly string[]) {
  return async function allKeys(request: FastifyRequest) {
    const auth = requireAuth(request);
    for (const key of keys) {
      if (await auth.can(key)) continue;
      await app.audit.record(request, {
        action: 'permission-denied',
        entity: 'route',
        entityId: `${request.method} ${request.routeOptions.url ?? request.url}`,
        after: { required: keys, all: true },
      });
      throw new AppError('FORBIDDEN');
    }
  };
}
