import type { SessionEndReason } from '@console/contract';
import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedStatement } from '../../db/prepared.js';
import { sessions, users } from '../../db/schema/index.js';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
/** What a sign-in writes: the session's own columns (the rest take their defaults). */
type SignInSession = Pick<
  Required<NewSession>,
  'id' | 'userId' | 'tokenHash' | 'ip' | 'userAgent' | 'rememberMe' | 'startedAt' | 'lastSeenAt' | 'expiresAt'
>;

/**
 * The sign-in statement, prepared once (db/prepared.ts): the session row, and on the user the
 * last login at the session start with the failure count and lock cleared.
 * set_config(..., true) lasts until the end of this statement's own transaction.
 */
function prepareSignIn(db: Db, asyncCommit: boolean) {
  const p = <K extends keyof SignInSession>(key: K) => sql.placeholder(key);
  const insert = db.insert(sessions).values({
    id: p('id'),
    userId: p('userId'),
    tokenHash: p('tokenHash'),
    ip: p('ip'),
    userAgent: p('userAgent'),
    rememberMe: p('rememberMe'),
    startedAt: p('startedAt'),
    lastSeenAt: p('lastSeenAt'),
    expiresAt: p('expiresAt'),
  });
  const signIn = db
    .update(users)
    .set({ failedLoginCount: 0, lockedUntil: null, lastLoginAt: sql`${sql.placeholder('signedInAt')}::timestamptz` })
    .where(eq(users.id, sql`${p('userId')}::int`));
  const statement = asyncCommit
    ? sql`with async_commit as (select set_config('synchronous_commit', 'off', true)), new_session as (${insert.getSQL()}) ${signIn.getSQL()} and exists (select 1 from async_commit)`
    : sql`with new_session as (${insert.getSQL()}) ${signIn.getSQL()}`;
  return preparedStatement(db, asyncCommit ? 'sign_in_async_commit' : 'sign_in', statement);
}

/**
 * `asyncSignIn`: a sign-in may commit without waiting for its WAL flush. Only on a PostgreSQL
 * server: there the WAL writer of another process flushes it. Embedded PGlite runs in this process
 * with no WAL writer, so an async commit stays in memory until the next synchronous one, and a
 * kill -9 loses sign-ins already answered (sign-in-crash.test.ts).
 */
export function createSessionsRepository(db: Db, opts: { asyncSignIn?: boolean } = {}) {
  const signInStatement = prepareSignIn(db, opts.asyncSignIn ?? false);
  const sessionByTokenHash = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_by_token_hash');
  return {
    async insert(row: NewSession) {
      await db.insert(sessions).values(row);
    },

    /**
     * A sign-in: the new session and the user's bookkeeping (last login at the session start,
     * failure count and lock cleared) in one statement, so one round trip and all or nothing.
     * A data-modifying CTE always runs to completion, whether or not the outer query reads it.
     *
     * Committed without waiting for the WAL flush (synchronous_commit off for this transaction
     * only): the flush was a third of the sign-in time beside argon2 on a busy disk (issue 17).
     * The row is committed and visible at once and survives a crash of this process; only a
     * crash of PostgreSQL itself within ~0.6 s (3 x wal_writer_delay) could lose it, which costs
     * the user one more sign-in. Never a half-written row: atomicity is unchanged. Failures
     * (the lockout count) keep the synchronous commit.
     */
    async insertForSignIn(row: SignInSession) {
      // The session's columns take Dates through their encoders; the raw CTE's time is a text.
      await signInStatement({ ...row, signedInAt: row.startedAt.toISOString() });
    },

    /** The session and its user in one round trip: this runs on every authenticated request. */
    async findByTokenHash(tokenHash: string) {
      const rows = await sessionByTokenHash.execute({ tokenHash });
      return rows[0];
    },

    async findById(id: string) {
      const rows = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
      return rows[0];
    },

    async touch(id: string, at: Date) {
      await db
        .update(sessions)
        .set({ lastSeenAt: at })
        .where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
    },

    async acknowledge(id: string, name: string, at: Date) {
      await db.update(sessions).set({ clientName: name, acknowledgedAt: at, lastSeenAt: at }).where(eq(sessions.id, id));
    },

    /**
     * Ends a session once; the end reason of an already ended session is never overwritten.
     * Returns its user when this call ended it (live updates tell that user's streams).
     */
    async end(id: string, reason: SessionEndReason, at: Date): Promise<number | undefined> {
      const rows = await db
        .update(sessions)
        .set({ endedAt: at, endReason: reason })
        .where(and(eq(sessions.id, id), isNull(sessions.endedAt)))
        .returning({ userId: sessions.userId });
      return rows[0]?.userId;
    },

    async endAllForUser(userId: number, reason: SessionEndReason, at: Date, exceptId?: string) {
      const conds = [eq(sessions.userId, userId), isNull(sessions.endedAt)];
      if (exceptId) conds.push(ne(sessions.id, exceptId));
      await db
        .update(sessions)
        .set({ endedAt: at, endReason: reason })
        .where(and(...conds));
    },

    /**
     * Marks sessions that ran out while nobody used them, so lists show them as ended.
     * The boundaries are computed by the caller from its clock.
     */
    async endStale(userId: number | undefined, now: Date, idleBefore: Date, rememberIdleBefore: Date) {
      const scope = userId === undefined ? undefined : eq(sessions.userId, userId);
      await db
        .update(sessions)
        .set({ endedAt: sessions.expiresAt, endReason: 'expired' })
        .where(and(scope, isNull(sessions.endedAt), lt(sessions.expiresAt, now)));
      await db
        .update(sessions)
        .set({ endedAt: now, endReason: 'idle' })
        .where(
          and(
            scope,
            isNull(sessions.endedAt),
            or(
              and(eq(sessions.rememberMe, false), lt(sessions.lastSeenAt, idleBefore)),
              and(eq(sessions.rememberMe, true), lt(sessions.lastSeenAt, rememberIdleBefore)),
            ),
          ),
        );
    },
  };
}
