import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';
import type { AuthContext } from '../types.js';
import { checkCsrf } from './csrf.js';

/**
 * Authentication, CSRF and permission checks for every /api route, in one hook. Each route
 * declares `config: { auth, permission }`; a route that declares nothing needs a session, so
 * forgetting the declaration fails closed. The hook runs at onRequest, before the body is parsed
 * or validated: an anonymous caller learns nothing from validation errors.
 */

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export const clientMeta = (request: FastifyRequest) => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent']?.slice(0, 1000) ?? null,
});

export default fp(async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const mode = request.routeOptions.config?.auth ?? 'session';
    if (mode === 'public') return;

    const token = bearerToken(request);
    const found = token ? await app.sessions.authenticate(token) : null;
    if (!found || !token) {
      if (mode === 'optional') return;
      throw new AppError('UNAUTHENTICATED');
    }
    const { session, user } = found;
    let keys: Promise<Set<string>> | undefined;
    const isSuperAdmin = app.access.isSuperAdmin(user.roleId);
    const auth: AuthContext = {
      user: {
        id: user.id,
        roleId: user.roleId,
        firstname: user.firstname,
        lastname: user.lastname,
        email: user.email,
        profile: user.profile,
        primaryColor: user.primaryColor,
        secondaryColor: user.secondaryColor,
        status: user.status,
      },
      sessionId: session.id,
      rememberMe: session.rememberMe,
      token,
      isSuperAdmin,
      async can(roleKey) {
        if (isSuperAdmin) return true;
        keys ??= app.access.roleKeys(user.roleId).then((k) => new Set(k));
        return (await keys).has(roleKey);
      },
    };
    request.auth = auth;

    if (MUTATING.has(request.method)) checkCsrf(request, auth);
    const permission = request.routeOptions.config?.permission;
    const required = typeof permission === 'string' ? [permission] : permission;
    if (required && !(await canAny(auth, required))) {
      await app.audit.record(request, {
        action: 'permission-denied',
        entity: 'route',
        entityId: `${request.method} ${request.routeOptions.url ?? request.url}`,
        after: { required },
      });
      throw new AppError('FORBIDDEN');
    }
  });
});

async function canAny(auth: AuthContext, keys: readonly string[]) {
  for (const key of keys) if (await auth.can(key)) return true;
  return false;
}

/** For handlers of 'session' routes, where the hook guarantees a caller. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED');
  return request.auth;
}
