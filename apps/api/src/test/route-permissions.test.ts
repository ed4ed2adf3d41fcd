// The generated authorization check: every route of app.routeCatalogue (Fastify's own route
// table, filled by plugins/route-permissions.ts), not a hand-written list, so a new route is
// checked the day it is added. For each route, from what it declares:
//   anonymous                        -> 401 in the error shape ('public': anything but 401/403)
//   a role holding every catalogue key but the route's (for {all}: each missing key in turn;
//   for {any}: none of them)        -> 403 FORBIDDEN in the error shape, one audited denial,
//                                       and the database unchanged
//   a mutation without the CSRF header, by a holder -> 403 CSRF, the database unchanged
//   a role holding exactly the key(s) (for {any}: each key alone; 'session': no key at all),
//   and the super admin              -> neither 401 nor 403, no 5xx, errors in the error shape
// Path values: denied requests aim at rows that exist (id 2 exists in every seeded table; a live
// session), so a check that let them through would change the database; allowed requests aim at
// ids that do not exist, so they cannot destroy what the walk needs. Bodies are empty ({}): the
// checks run before validation, and for allowed callers a 400 or 404 is "not 401/403".
import { randomUUID } from 'node:crypto';
import { ALL_ROLE_KEYS, errorResponseSchema } from '@console/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/index.js';
import { createRoleWithKeys, createUser, loginWithKeys } from '../modules/roles/testing.js';
import type { RouteCatalogueEntry, RoutePermission } from '../types.js';
import { isLiveUrl } from './live-client.js';
import { createTestApp, type TestSession } from './test-app.js';

const t = await createTestApp();
afterAll(() => t.close());
const admin = await t.login('admin');
/** Someone whose live session and rows the denied requests aim at. */
const bystander = await t.login('manager');

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Routes that address the caller's own record: any other id is a business-rule 403 for
 * everyone but the super admin (profile.test.ts, access.test.ts prove it), and PATCH /about
 * refuses even the super admin another user's profile. They get the caller's own id.
 */
const OWN_ID: Record<string, (s: TestSession) => number> = {
  'GET /api/about/:id': (s) => s.userId,
  'PATCH /api/about/update/:id': (s) => s.userId,
  'GET /api/role-permissions/:roleId': (s) => s.roleId,
};

/**
 * The only routes open without a key. The walk takes each route's declaration as given, so a
 * route weakened to 'session' or 'public' would pass it: such a declaration must be listed here
 * too, which puts every weakening in front of a reviewer. Routes that declare keys need no line.
 */
const OPEN: Record<string, 'public' | 'session'> = {
  // Probes and the SPA's boot data.
  'GET /api/health': 'public',
  'GET /api/app-config': 'public',
  'GET /api/openapi.json': 'public',
  // Signing in, two-step sign-in and password reset happen before there is a session.
  'POST /api/auth/login': 'public',
  'GET /api/auth/get-token/:id': 'public',
  'POST /api/auth/otp/verification': 'public',
  'POST /api/auth/otp/resend': 'public',
  'POST /api/auth/request-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'POST /api/auth/reset-password/check': 'public',
  // The two-step page's other factors (the challenge token authorises) and a passkey alone.
  'POST /api/auth/second-factor/verification': 'public',
  'POST /api/auth/second-factor/passkey-options': 'public',
  'POST /api/auth/second-factor/passkey': 'public',
  'POST /api/auth/passkey/options': 'public',
  'POST /api/auth/passkey/sign-in': 'public',
  // Ends the session if there is one, answers 200 without one (optionalSession).
  'POST /api/auth/logout': 'public',
  // The caller's own session, activity, modules, menus, role and profile; any stored image.
  'GET /api/auth/csrf-token': 'session',
  'POST /api/auth/heartbeat': 'session',
  'POST /api/auth/user-sessions/add': 'session',
  'POST /api/auth/user-activity/add': 'session',
  'GET /api/modules': 'session',
  'GET /api/menus/:n': 'session',
  'GET /api/role-permissions/:roleId': 'session',
  'GET /api/about/:id': 'session',
  'GET /api/files/*': 'session',
  // Everyone may secure their own account, whatever their role (the Guest role holds no key).
  'GET /api/profile/second-factors': 'session',
  'POST /api/profile/second-factors/totp': 'session',
  'DELETE /api/profile/second-factors/totp': 'session',
  'POST /api/profile/second-factors/totp/confirm': 'session',
  'POST /api/profile/second-factors/recovery-codes': 'session',
  'POST /api/profile/second-factors/passkeys/options': 'session',
  'POST /api/profile/second-factors/passkeys': 'session',
  'DELETE /api/profile/second-factors/passkeys/:key': 'session',
  'PUT /api/profile/second-factors/passkey-sign-in': 'session',
};
/** The docs UI (swagger.ts): every route under it is public, like the document it shows. */
const isDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

// HEAD twins of GET routes run the same hooks with the same declaration (start-up checks them too).
const routes = t.app.routeCatalogue.filter(
  (r) => r.method !== 'HEAD' || !t.app.routeCatalogue.some((g) => g.method === 'GET' && g.url === r.url),
);

type Aim = 'live' | 'harmless';
const CANDIDATES: Record<Aim, () => string[]> = {
  live: () => ['2', bystander.sessionId, 'csv'],
  harmless: () => ['999999', randomUUID(), 'csv'],
};

/** The URL with each path parameter replaced by the first candidate the route's params schema accepts. */
function urlFor(route: RouteCatalogueEntry, aim: Aim, caller?: TestSession): string {
  const own = OWN_ID[`${route.method} ${route.url}`];
  const schema = route.params as { safeParse?: (v: unknown) => { success: boolean } } | undefined;
  const names = [...route.url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
  const values: Record<string, string> = {};
  for (const name of names) {
    if (own && caller && name !== '*') {
      values[name] = String(own(caller));
      continue;
    }
    const fits = (v: string) => !schema?.safeParse || schema.safeParse({ ...values, [name]: v, ...fillRest(names, name, values) }).success;
    values[name] = CANDIDATES[aim]().find(fits) ?? '999999';
  }
  return route.url.replace(/:(\w+)|\*/g, (_m, name?: string) => encodeURIComponent(values[name ?? '*'] ?? ''));
}
// Parameters not chosen yet get a placeholder their schema is unlikely to refuse.
const fillRest = (names: string[], current: string, chosen: Record<string, string>) =>
  Object.fromEntries(names.filter((n) => n !== current && !(n in chosen)).map((n) => [n, '1']));

type Answer = Pick<LightMyRequestResponse, 'statusCode' | 'body' | 'json'>;

function send(route: RouteCatalogueEntry, s: TestSession | undefined, aim: Aim, opts: { csrf?: null } = {}): Promise<Answer> {
  // A live-update stream never ends by itself: read it up to its `ready` event.
  if (isLiveUrl(route.url)) return t.live(s, urlFor(route, aim, s));
  const payload = MUTATING.has(route.method) ? {} : undefined;
  return t.as(s, { method: route.method as 'GET', url: urlFor(route, aim, s), payload, ...opts });
}

/** Every table but the audit log, with the sessions' last-seen bookkeeping left out. */
async function snapshot(): Promise<string> {
  const tables = await t.app.db.execute(sql`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'audit_log'
    order by table_name`);
  const parts: string[] = [];
  for (const { name } of (tables as unknown as { rows: { name: string }[] }).rows) {
    const result = await t.app.db.execute(sql`
      select count(*)::int as n, coalesce(md5(string_agg(x, '|' order by x)), '') as h
      from (select (to_jsonb(r) - 'last_seen_at')::text as x from ${sql.identifier(name)} r) rows`);
    const [row] = (result as unknown as { rows: { n: number; h: string }[] }).rows;
    parts.push(`${name}:${row?.n}:${row?.h}`);
  }
  return parts.join('\n');
}

const denials = async (route: RouteCatalogueEntry, s: TestSession) => {
  const [row] = await t.app.db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(eq(auditLog.action, 'permission-denied'), eq(auditLog.entityId, `${route.method} ${route.url}`), eq(auditLog.actorId, s.userId)),
    );
  return row?.n ?? 0;
};

const sessions = new Map<string, Promise<TestSession>>();
/** A signed-in user of a new role holding exactly `keys` (one per distinct set). */
function withKeys(keys: readonly string[]) {
  const id = [...keys].sort().join(',');
  if (!sessions.has(id)) sessions.set(id, loginWithKeys(t, keys));
  return sessions.get(id)!;
}
const allBut = (excluded: readonly string[]) => withKeys(ALL_ROLE_KEYS.filter((k) => !excluded.includes(k)));

/** The key sets that must be refused, and those that must pass, for a declaration. */
function keySets(p: Exclude<RoutePermission, 'public' | { readonly apiKey: unknown }>): { refused: string[][]; holders: string[][] } {
  if (p === 'session') return { refused: [], holders: [[]] };
  if (typeof p === 'string') return { refused: [[p]], holders: [[p]] };
  if ('all' in p) return { refused: p.all.map((k) => [k]), holders: [[...p.all]] };
  return { refused: [[...p.any]], holders: p.any.map((k) => [k]) };
}

function expectErrorShape(res: Answer, code: string, who: string) {
  const body = errorResponseSchema.safeParse(res.json());
  expect(body.success, `${who}: ${res.body.slice(0, 200)}`).toBe(true);
  expect(body.data?.code, who).toBe(code);
}

function expectAdmitted(res: Answer, who: string) {
  const said = `${who} got ${res.statusCode}: ${res.body.slice(0, 200)}`;
  expect([401, 403], said).not.toContain(res.statusCode);
  expect(res.statusCode, said).toBeLessThan(500);
  if (res.statusCode >= 400) expect(errorResponseSchema.safeParse(res.json()).success, said).toBe(true);
}

const label = (p: RoutePermission) =>
  typeof p === 'string'
    ? p
    : 'all' in p
      ? `all of ${p.all.join(', ')}`
      : 'any' in p
        ? `any of ${p.any.join(', ')}`
        : `API key of a holder of ${p.apiKey}`;

/** The API key of a new user whose role holds exactly `keys` (regenerated through the real route). */
async function apiKeyWithKeys(keys: readonly string[]) {
  const user = await createUser(t, await createRoleWithKeys(t, keys));
  const res = await t.as(admin, { method: 'PATCH', url: `/api/users/${user.id}/regenerate-api-key` });
  return { id: user.id, key: (res.json() as { apiKey: string }).apiKey };
}

/**
 * `{apiKey}` routes (device ingestion): a session never passes, with or without the key; an API
 * key whose owner lacks the key is refused with 403 (audited, nothing stored); a holder's key and
 * the super admin's key are admitted. No CSRF: the header is not something a browser sends.
 */
async function checkApiKeyRoute(route: RouteCatalogueEntry, key: string) {
  const withKey = (apiKey: string) =>
    t.app.inject({ method: route.method as 'POST', url: urlFor(route, 'harmless'), headers: { 'x-api-key': apiKey }, payload: {} });
  const holderSession = await withKeys([key]);
  const bySession = await send(route, holderSession, 'harmless');
  expect(bySession.statusCode, 'a session holding the key, without an API key').toBe(401);
  expectErrorShape(bySession, 'UNAUTHENTICATED', 'a session without an API key');
  const wrong = await withKey('not-a-key');
  expect(wrong.statusCode, 'a wrong key').toBe(401);

  const lacking = await apiKeyWithKeys(ALL_ROLE_KEYS.filter((k) => k !== key));
  const before = await snapshot();
  const refused = await withKey(lacking.key);
  expect(refused.statusCode, `an API key without ${key}: ${refused.body.slice(0, 200)}`).toBe(403);
  expectErrorShape(refused, 'FORBIDDEN', `an API key without ${key}`);
  expect(await snapshot(), `an API key without ${key}: the database changed`).toBe(before);

  const holder = await apiKeyWithKeys([key]);
  expectAdmitted(await withKey(holder.key), `the API key of a holder of ${key}`);
  const adminKey = await t.as(admin, { method: 'PATCH', url: `/api/users/${admin.userId}/regenerate-api-key` });
  expectAdmitted(await withKey((adminKey.json() as { apiKey: string }).apiKey), "the super admin's API key");
}

describe('the route table', () => {
  it('lists every route under /api, and the own-id routes above still exist', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.every((r) => r.url.startsWith('/api'))).toBe(true);
    for (const key of Object.keys(OWN_ID))
      expect(
        routes.map((r) => `${r.method} ${r.url}`),
        key,
      ).toContain(key);
  });

  it('opens without a key only the routes listed in OPEN (and the docs UI), and each of those as listed', () => {
    const name = (r: RouteCatalogueEntry) => `${r.method} ${r.url}`;
    const open = routes.filter((r) => r.permission === 'public' || r.permission === 'session');
    const expected = (r: RouteCatalogueEntry) => OPEN[name(r)] ?? (isDocs(r.url) ? 'public' : 'a permission key');
    expect(Object.fromEntries(open.map((r) => [name(r), r.permission]))).toEqual(
      Object.fromEntries(open.map((r) => [name(r), expected(r)])),
    );
    for (const key of Object.keys(OPEN)) expect(routes.map(name), key).toContain(key);
  });
});

describe.each(routes.map((r) => [`${r.method} ${r.url} (${label(r.permission)})`, r] as const))('%s', (_name, route) => {
  it('admits exactly what it declares', async () => {
    const p = route.permission;
    const anonymous = await send(route, undefined, 'harmless');
    if (p === 'public') {
      expectAdmitted(anonymous, 'anonymous');
      return;
    }
    expect(anonymous.statusCode, `anonymous: ${anonymous.body.slice(0, 200)}`).toBe(401);
    expectErrorShape(anonymous, 'UNAUTHENTICATED', 'anonymous');
    if (typeof p === 'object' && 'apiKey' in p) {
      await checkApiKeyRoute(route, p.apiKey);
      return;
    }

    const { refused, holders } = keySets(p);
    for (const missing of refused) {
      const s = await allBut(missing);
      const [before, denied] = [await snapshot(), await denials(route, s)];
      const res = await send(route, s, 'live');
      expect(res.statusCode, `without ${missing.join(' and ')}: ${res.body.slice(0, 200)}`).toBe(403);
      expectErrorShape(res, 'FORBIDDEN', `without ${missing.join(' and ')}`);
      expect(await snapshot(), `without ${missing.join(' and ')}: the database changed`).toBe(before);
      expect(await denials(route, s)).toBe(denied + 1);
    }

    for (const keys of holders) {
      const s = await withKeys(keys);
      const who = keys.length ? `holder of ${keys.join(' and ')}` : 'a session without keys';
      if (MUTATING.has(route.method)) {
        const before = await snapshot();
        const res = await send(route, s, 'live', { csrf: null });
        expect(res.statusCode, `${who} without the CSRF header`).toBe(403);
        expectErrorShape(res, 'CSRF', `${who} without the CSRF header`);
        expect(await snapshot(), `${who} without the CSRF header: the database changed`).toBe(before);
      }
      expectAdmitted(await send(route, s, 'harmless'), who);
    }
    expectAdmitted(await send(route, admin, 'harmless'), 'the super admin');
  });
});
