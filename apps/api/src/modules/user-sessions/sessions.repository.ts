import type { SessionEndReason } from '@console/contract';
import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;

export function createSessionsRepository(db: Db) {
  return {
    async insert(row: NewSession) {
      await db.insert(sessions).values(row);
    },

    /**
     * A sign-in: the new session and the user's bookkeeping (last login at the session start,
     * failure count and lock cleared) in one statement, so one round trip and all or nothing.
     * A data-modifying CTE always runs to completion, whether or not the outer query reads it.
     */
    async insertForSignIn(row: NewSession & { startedAt: Date }) {
      const insert = db.insert(sessions).values(row);
      const signIn = db
        .update(users)
        .set({ failedLoginCount: 0, lockedUntil: null, lastLoginAt: row.startedAt })
        .where(eq(users.id, row.userId));
      await db.execute(sql`with new_session as (${insert.getSQL()}) ${signIn.getSQL()}`);
    },

    /** The session and its user in one round trip: this runs on every authenticated request. */
    async findByTokenHash(tokenHash: string) {
      const rows = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.tokenHash, tokenHash))
        .limit(1);
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

    /** Ends a session once; the end reason of an already ended session is never overwritten. */
    async end(id: string, reason: SessionEndReason, at: Date) {
      await db
        .update(sessions)
        .set({ endedAt: at, endReason: reason })
        .where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
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
