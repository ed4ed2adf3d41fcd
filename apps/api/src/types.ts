import type { PermissionKey, SessionUser } from '@console/contract';
import type { Config } from './config.js';
import type { DatabaseHandle, Db } from './db/client.js';
import type { SeedResult } from './db/seed/index.js';
import type { Clock } from './lib/clock.js';
import type { LiveBus } from './lib/live-bus/index.js';
import type { MultipartBodyDoc } from './lib/http-schemas.js';
import type { AccessService, SessionService } from './lib/services.js';
import type { FileStorage } from './lib/storage/index.js';
import type { AuditService } from './plugins/audit.js';
import type { Mailer } from './plugins/mail.js';

/**
 * Who a route admits (plugins/route-permissions.ts checks the declaration at start, plugins/auth.ts
 * enforces it on every request):
 * - a key: a session whose role holds it;
 * - `{ all: keys }`: a session whose role holds every one of them;
 * - `{ any: keys }`: a session whose role holds at least one (a list that serves several
 *   screens, e.g. GET /companies also fills the user form's dropdown for users.create/update);
 * - `'session'`: any valid session (what the caller sees is scoped to them by the handler);
 * - `'public'`: anyone; such a route may still read a session with `optionalSession(request)`.
 * - `{ apiKey: key }`: no session; a user's API key in the X-API-Key header whose owner is active
 *   and whose role holds the key (device ingestion). No cookie, so no CSRF; sets request.apiCaller.
 * The super admin (role 1) passes every key check.
 */
export type RoutePermission =
  | PermissionKey
  | { readonly all: readonly PermissionKey[] }
  | { readonly any: readonly PermissionKey[] }
  | { readonly apiKey: PermissionKey }
  | 'session'
  | 'public';

/** One entry of `app.routeCatalogue`: every route under /api with what it declares. */
export type RouteCatalogueEntry = {
  method: string;
  url: string;
  permission: RoutePermission;
  /** The route's params schema (zod), for tools that need path values the route accepts. */
  params?: unknown;
};

/** The owner of the API key a `{ apiKey }` route was called with. */
type ApiCaller = { userId: number; roleId: number };

/** Looks a raw API key up (by its hash); null for an unknown key or an owner who is not active. */
export type ApiKeyService = { authenticate(rawKey: string): Promise<ApiCaller | null> };

export type AuthContext = {
  user: SessionUser & { status: string };
  sessionId: string;
  rememberMe: boolean;
  /** The bearer token of this request; the CSRF token is derived from it. */
  token: string;
  isSuperAdmin: boolean;
  /** Reads the role's grants from the database (once per request), so changes apply at once. */
  can(roleKey: string): Promise<boolean>;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every route under /api (the app refuses to start otherwise); see RoutePermission. */
    permission?: RoutePermission;
    /** Sign-in and OTP failures also carry responseType:false and loginType:'default' (spec s.8). */
    loginReply?: boolean;
    /**
     * A GET route whose answer the browser loads by itself (a <video> or <audio> streaming with
     * Range requests cannot send a bearer header): without one, the session's token may come from
     * the SPA's userDetails cookie (SameSite=Lax, so other sites' pages do not send it along).
     */
    cookieSession?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Set on `{ apiKey }` routes once the key passed (plugins/auth.ts). */
    apiCaller: ApiCaller | null;
  }
  interface FastifySchema {
    /** OpenAPI request body of a multipart route (lib/http-schemas.ts); Fastify does not validate it. */
    multipartBody?: MultipartBodyDoc;
  }
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbHandle: DatabaseHandle;
    clock: Clock;
    mailer: Mailer;
    sessions: SessionService;
    access: AccessService;
    apiKeys: ApiKeyService;
    seedResult: SeedResult;
    audit: AuditService;
    /** Uploaded files (plugins/storage.ts): local disk or Azure Blob. */
    storage: FileStorage;
    /** Where uploads wait while they are inspected. */
    uploadTempDir: string;
    /** Background jobs' working copies (plugins/storage.ts), apart from requests' uploads. */
    jobTempDir: string;
    /** ffmpeg for video poster frames, or null (plugins/storage.ts, lib/media/poster.ts). */
    ffmpegPath: string | null;
    /** The live-update bus (plugins/live-bus.ts): Redis, PostgreSQL LISTEN/NOTIFY or in process. */
    live: LiveBus;
    /** Ends each open event stream (the app ends them all when it closes). */
    liveStreams: Set<() => void>;
    /** Every route under /api with its permission, filled when the app is ready (route-permissions.ts). */
    routeCatalogue: readonly RouteCatalogueEntry[];
  }
}
