import type { SessionUser } from '@console/contract';
import type { Config } from './config.js';
import type { DatabaseHandle, Db } from './db/client.js';
import type { SeedResult } from './db/seed/index.js';
import type { Clock } from './lib/clock.js';
import type { MultipartBodyDoc } from './lib/http-schemas.js';
import type { FileStorage } from './lib/storage/index.js';
import type { AccessService } from './modules/access/access.service.js';
import type { SessionService } from './modules/sessions/sessions.service.js';
import type { AuditService } from './plugins/audit.js';
import type { Mailer } from './plugins/mail.js';

/** Who a route admits: anyone, a valid session, or both (logout works with or without one). */
export type RouteAuth = 'public' | 'session' | 'optional';

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
    /** Defaults to 'session': a route must opt out of authentication explicitly. */
    auth?: RouteAuth;
    /** roleKey the caller's role must hold; with a list, any one of them (role 1 passes every check). */
    permission?: string | readonly string[];
    /** Sign-in and OTP failures also carry responseType:false and loginType:'default' (spec s.8). */
    loginReply?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
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
    seedResult: SeedResult;
    audit: AuditService;
    /** Uploaded files (plugins/storage.ts): local disk or Azure Blob. */
    storage: FileStorage;
    /** Where uploads wait while they are inspected. */
    uploadTempDir: string;
  }
}
