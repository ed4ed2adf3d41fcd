import type { Menu, Module, RolePermissions, SessionEndReason } from '@console/contract';
import type { sessions, users } from '../db/schema/index.js';

/*
 * The services app.ts decorates the instance with (types.ts) that modules implement, as plain types: plugins,
 * routes and types.ts depend on these, never on the modules, so no import runs in a circle (rule no-circular in
 * .dependency-cruiser.cjs). Each one is the shape its callers use.
 */

/** Where a request came from, kept on a session and on a failed sign-in. */
export type ClientMeta = { ip: string | null; userAgent: string | null };

/** A session just started: the bearer token and its CSRF token are handed out once, here. */
type StartedSession = { id: string; token: string; csrfToken: string; expiresAt: Date; rememberMe: boolean };

/** A live session and its user, read in one round trip on every authenticated request. */
type LiveSession = { session: typeof sessions.$inferSelect; user: typeof users.$inferSelect };

/** Server-side sessions (app.sessions), implemented by modules/user-sessions/sessions.service.ts. */
export type SessionService = {
  /** Lifetime of the cookies that mirror a session (undefined: a browser-session cookie). */
  cookieMaxAgeSeconds(rememberMe: boolean): number | undefined;
  /** `signIn` also records the sign-in on the user (last login, failure count and lock cleared). */
  create(input: { userId: number; rememberMe: boolean } & ClientMeta, opts?: { signIn?: boolean }): Promise<StartedSession>;
  /** The live session of a bearer token, or null; one found past its limits is ended with the reason. */
  authenticate(token: string, opts?: { touch?: boolean }): Promise<LiveSession | null>;
  /** Heartbeat: records activity now. */
  touch(id: string): Promise<void>;
  end(id: string, reason: SessionEndReason): Promise<void>;
  endAllForUser(userId: number, reason: SessionEndReason, exceptId?: string): Promise<void>;
  /** Marks sessions that ran out unnoticed (of one user, or everyone's) as ended. */
  endStale(userId?: number): Promise<void>;
};

/** What a role may use (app.access), implemented by modules/access/access.service.ts. */
export type AccessService = {
  isSuperAdmin(roleId: number): boolean;
  roleKeys(roleId: number): Promise<string[]>;
  modulesFor(roleId: number): Promise<Module[]>;
  /** The caller's permitted menus of one module. */
  permittedMenus(roleId: number, moduleSlug: string): Promise<Menu[]>;
  allMenusOf(moduleSlug: string): Promise<Menu[]>;
  rolePermissions(roleId: number): Promise<RolePermissions>;
};
