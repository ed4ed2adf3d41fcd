import { ALL_ROLE_KEYS } from '@console/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { RouteCatalogueEntry, RoutePermission } from '../types.js';

/**
 * The rule: every route whose URL is /api or under /api/ declares `config.permission`
 * (types.ts RoutePermission) with keys from the catalogue; the app refuses to start otherwise,
 * naming each offending route. Routes outside /api (the SPA's pages and built files) are public
 * and need no declaration. Registered before any route, so it sees every one, the docs UI's and
 * Fastify's automatic HEAD routes included.
 *
 * The check runs when the app gets ready rather than in the onRoute hook itself: an onRoute hook
 * of an inner context (swagger.ts declares the docs UI's routes public that way) runs after this
 * outer one, so only at ready is every declaration final. `ready()` and `listen()` reject.
 *
 * The same table, exposed as `app.routeCatalogue`, drives the generated authorization test
 * (test/route-permissions.test.ts), so a new route is checked the day it is added.
 */

const KNOWN_KEYS = new Set<string>(ALL_ROLE_KEYS);

export const isApiUrl = (url: string | undefined) => url !== undefined && (url === '/api' || url.startsWith('/api/'));

/** Why a declaration is not valid, or null when it is. */
export function permissionProblem(value: unknown): string | null {
  if (value === undefined) return 'declares no config.permission';
  if (value === 'public' || value === 'session') return null;
  if (typeof value === 'string') return KNOWN_KEYS.has(value) ? null : `names an unknown permission key "${value}"`;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value);
    const [kind, keys] = entries[0] ?? [];
    if (entries.length === 1 && kind === 'apiKey') {
      return typeof keys === 'string' && KNOWN_KEYS.has(keys) ? null : `names an unknown API-key permission ${JSON.stringify(keys)}`;
    }
    if (entries.length !== 1 || (kind !== 'all' && kind !== 'any'))
      return 'declares an object that is neither {all: keys}, {any: keys} nor {apiKey: key}';
    if (!Array.isArray(keys) || keys.length === 0) return `declares {${kind}} without a non-empty list of keys`;
    const unknown = keys.filter((k) => typeof k !== 'string' || !KNOWN_KEYS.has(k));
    return unknown.length ? `names unknown permission keys ${unknown.map((k) => JSON.stringify(k)).join(', ')}` : null;
  }
  return `declares an invalid permission ${JSON.stringify(value)}`;
}

export default fp(async function routePermissions(app: FastifyInstance) {
  const seen: RouteOptions[] = [];
  const catalogue: RouteCatalogueEntry[] = [];
  app.decorate('routeCatalogue', catalogue);

  app.addHook('onRoute', (route) => {
    if (isApiUrl(route.url)) seen.push(route);
  });

  app.addHook('onReady', async () => {
    const problems: string[] = [];
    for (const route of seen) {
      const permission: unknown = route.config?.permission;
      for (const method of [route.method].flat()) {
        const problem = permissionProblem(permission);
        if (problem) problems.push(`${method} ${route.url} ${problem}`);
        else catalogue.push({ method, url: route.url, permission: permission as RoutePermission, params: route.schema?.params });
      }
    }
    if (problems.length) {
      throw new Error(
        `Every route under /api must declare config.permission (a catalogue key, {all: keys}, {any: keys}, 'session' or 'public'):\n  ${problems.join('\n  ')}`,
      );
    }
  });
});
