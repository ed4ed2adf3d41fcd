import { randomUUID } from 'node:crypto';
import type { SessionEndReason } from '@console/contract';
import { type Config, limits } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { LiveBus } from '../../lib/live-bus/index.js';
import type { ClientMeta, SessionService } from '../../lib/services.js';
import { csrfTokenFor, newToken, sha256 } from '../../lib/tokens.js';
import { createSessionsRepository, type SessionRow } from './sessions.repository.js';

/**
 * Server-side sessions (DESIGN.md s.4): opaque tokens stored as SHA-256, an idle limit and an
 * absolute lifetime that both depend on "Keep me logged in", and an end reason on every ended row.
 */

// Writing last_seen on every request would turn each read into a write; the idle rule only needs
// it to be roughly current.
const TOUCH_INTERVAL_MS = 15_000;

export function createSessionService(deps: { db: Db; config: Config; clock: Clock; live?: Pick<LiveBus, 'publish'> }): SessionService {
  // Async sign-in commits on a PostgreSQL server only (sessions.repository.ts).
  const repo = createSessionsRepository(deps.db, { asyncSignIn: Boolean(deps.config.databaseUrl) });
  const l = limits(deps.config);
  const idleLimit = (s: Pick<SessionRow, 'rememberMe'>) => (s.rememberMe ? l.rememberIdleMs : l.idleMs);
  // Session lists and dashboards update live, and a user's open streams re-check their session at once.
  const changed = (userId: number | undefined) => {
    if (userId !== undefined) deps.live?.publish({ topic: 'sessions', userId });
  };

  return {
    /** Lifetime of the cookies that mirror a session (undefined: a browser-session cookie). */
    cookieMaxAgeSeconds: (rememberMe: boolean) => (rememberMe ? Math.floor(l.rememberAbsoluteMs / 1000) : undefined),

    /**
     * A new session. `signIn` also records the sign-in on the user (last login, failure count
     * and lock cleared) in the same statement.
     */
    async create(input: { userId: number; rememberMe: boolean } & ClientMeta, opts: { signIn?: boolean } = {}) {
      const now = deps.clock.now();
      const id = randomUUID();
      const token = newToken();
      const expiresAt = new Date(now.getTime() + (input.rememberMe ? l.rememberAbsoluteMs : l.absoluteMs));
      const row = {
        id,
        userId: input.userId,
        tokenHash: sha256(token),
        ip: input.ip,
        userAgent: input.userAgent?.slice(0, 1000) ?? null,
        rememberMe: input.rememberMe,
        startedAt: now,
        lastSeenAt: now,
        expiresAt,
      };
      await (opts.signIn ? repo.insertForSignIn(row) : repo.insert(row));
      changed(input.userId);
      return { id, token, csrfToken: csrfTokenFor(token, id), expiresAt, rememberMe: input.rememberMe };
    },

    /**
     * Resolves a bearer token to its live session and user, or null. A session found past its
     * idle or absolute limit, or belonging to a disabled user, is ended here with the reason.
     */
    async authenticate(token: string, opts: { touch?: boolean } = {}) {
      if (token.length < 20 || token.length > 200) return null;
      const found = await repo.findByTokenHash(sha256(token));
      if (!found || found.session.endedAt) return null;
      const { session, user } = found;
      const now = deps.clock.now();
      const reason = endReasonAt(session, user.status, now, idleLimit(session));
      if (reason) {
        changed(await repo.end(session.id, reason, reason === 'expired' ? session.expiresAt : now));
        return null;
      }
      if (opts.touch !== false && now.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
        await repo.touch(session.id, now);
      }
      return { session, user };
    },

    /** Heartbeat: records activity now, without the write-saving interval. */
    touch: (id: string) => repo.touch(id, deps.clock.now()),

    async end(id: string, reason: SessionEndReason) {
      changed(await repo.end(id, reason, deps.clock.now()));
    },

    async endAllForUser(userId: number, reason: SessionEndReason, exceptId?: string) {
      await repo.endAllForUser(userId, reason, deps.clock.now(), exceptId);
      changed(userId);
    },

    async endStale(userId?: number) {
      const now = deps.clock.now();
      await repo.endStale(userId, now, new Date(now.getTime() - l.idleMs), new Date(now.getTime() - l.rememberIdleMs));
    },
  };
}

function endReasonAt(session: SessionRow, userStatus: string, now: Date, idleMs: number): SessionEndReason | null {
  if (userStatus !== 'active') return 'disabled';
  if (now >= session.expiresAt) return 'expired';
  if (now.getTime() - session.lastSeenAt.getTime() > idleMs) return 'idle';
  return null;
}
