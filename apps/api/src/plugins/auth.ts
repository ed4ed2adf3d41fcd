import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';
import { API_KEY_HEADER, COOKIE_NAMES } from '@console/contract';
import type { AuthContext, RoutePermission } from '../types.js';
import { checkCsrf } from './csrf.js';
import { isApiUrl } from './route-permissions.js';

/**
 * Authentication, CSRF and permission checks for every route, in one hook that enforces the
 * route's `config.permission` (types.ts RoutePermission; route-permissions.ts refuses to start
 * when a route under /api declares none). It runs at onRequest, before the body is parsed or
 * validated: an anonymous or unauthorised caller learns nothing from validation errors.
 * Registered at the root, after the cookie plugin and before any route, so it also guards any
 * route that declares a permission outside the /api context.
 */

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The access token in the SPA's userDetails cookie (spec s.3: { accessToken, user }), for `cookieSession` routes. */
function cookieToken(request: FastifyRequest): string | undefined {
  if (!request.routeOptions.config?.cookieSession || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined;
  const raw = request.cookies?.[COOKIE_NAMES.userDetails];
  if (!raw) return undefined;
  try {
    const token = (JSON.parse(raw) as { accessToken?: unknown } | null)?.accessToken;
    return typeof token === 'string' && token.length > 0 && token.length <= 512 ? token : undefined;
  } catch {
    return undefined;
  }
}

export const clientMeta = (request: FastifyRequest) => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent']?.slice(0, 1000) ?? null,
});

/**
 * The caller's session from the bearer token, or null when there is none or it is not valid
 * (idle, expired, ended). A found session is set as request.auth and, on a mutation, must come
 * with its CSRF header.
 */
async function attachSession(request: FastifyRequest): Promise<AuthContext | null> {
  const auth = await authenticate(request);
  if (!auth) return null;
  request.auth = auth;
  if (MUTATING.has(request.method)) checkCsrf(request, auth);
  return auth;
}

async function authenticate(request: FastifyRequest): Promise<AuthContext | null> {
  const app = request.server;
  const token = bearerToken(request) ?? cookieToken(request);
  const found = token ? await app.sessions.authenticate(token) : null;
  if (!found || !token) return null;
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
  return auth;
}

/**
 * For a 'public' route that behaves differently for a signed-in caller (logout: ends the session
 * if there is one, and still answers 200 without one, so signing out never bounces the browser to
 * /token-expiry). Same authentication and CSRF rule as the hook; sets request.auth.
 */
export async function optionalSession(request: FastifyRequest): Promise<AuthContext | null> {
  return request.auth ?? attachSession(request);
}

export default fp(async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.decorateRequest('apiCaller', null);

  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const permission = request.routeOptions.config?.permission;
    if (permission === undefined) {
      // Only routes outside /api (the SPA's pages and files) go undeclared; start-up refuses others.
      if (isApiUrl(request.routeOptions.url)) throw new AppError('FORBIDDEN');
      return;
    }
    if (permission === 'public') return;
    if (typeof permission === 'object' && 'apiKey' in permission) return checkApiKey(request, permission.apiKey);

    const auth = await attachSession(request);
    if (!auth) throw new AppError('UNAUTHENTICATED');
    if (permission === 'session' || (await allows(auth, permission))) return;

    await app.audit.record(request, {
      action: 'permission-denied',
      entity: 'route',
      entityId: `${request.method} ${request.routeOptions.url ?? request.url}`,
      after:
        typeof permission === 'string'
          ? { required: [permission] }
          : 'all' in permission
            ? { required: permission.all, all: true }
            : { required: permission.any },
    });
    throw new AppError('FORBIDDEN');
  });
});

/**
 * A device route: only the X-API-Key header counts (a session cookie or bearer token is ignored,
 * so there is nothing a browser could be tricked into sending: no CSRF check is needed). An
 * unknown key or an owner who is not active answers 401; an owner whose role lacks the key, 403.
 */
async function checkApiKey(request: FastifyRequest, key: string) {
  const app = request.server;
  const sent = request.headers[API_KEY_HEADER];
  const raw = Array.isArray(sent) ? sent[0] : sent;
  const caller = raw ? await app.apiKeys.authenticate(raw) : null;
  if (!caller) throw new AppError('UNAUTHENTICATED');
  const allowed = app.access.isSuperAdmin(caller.roleId) || (await app.access.roleKeys(caller.roleId)).includes(key);
  if (!allowed) {
    await app.audit.record(request, {
      action: 'permission-denied',
      entity: 'route',
      entityId: `${request.method} ${request.routeOptions.url ?? request.url}`,
      after: { required: [key], apiKeyOwner: caller.userId },
    });
    throw new AppError('FORBIDDEN');
  }
  request.apiCaller = caller;
}

/** Whether the caller passes a key check (the super admin passes every one). */
async function allows(auth: AuthContext, permission: Exclude<RoutePermission, 'session' | 'public'>) {
  if (typeof permission === 'string') return auth.can(permission);
  // Never reached: the hook hands `{ apiKey }` routes to checkApiKey; a session never passes one.
  if ('apiKey' in permission) return false;
  if ('all' in permission) {
    for (const key of permission.all) if (!(await auth.can(key))) return false;
    return true;
  }
  for (const key of permission.any) if (await auth.can(key)) return true;
  return false;
}

/** For handlers of 'session' routes, where the hook guarantees a caller. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED');
  return request.auth;
}
