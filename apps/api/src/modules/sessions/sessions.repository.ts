import type { SessionEndReason } from '@console/contract';
import { and, asc, count, desc, eq, ilike, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/list.js';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;

export const SESSION_SORT_FIELDS = {
  startedAt: sessions.startedAt,
  lastSeenAt: sessions.lastSeenAt,
  endedAt: sessions.endedAt,
  ip: sessions.ip,
  userAgent: sessions.userAgent,
  endReason: sessions.endReason,
} as const;

export function createSessionsRepository(db: Db) {
  return {
    async insert(row: NewSession) {
      await db.insert(sessions).values(row);
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
      await db.update(sessions).set({ lastSeenAt: at }).where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
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
      await db.update(sessions).set({ endedAt: at, endReason: reason }).where(and(...conds));
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

    async list(q: { userId?: number; search: string; sortField?: string; order: 'asc' | 'desc'; limit: number; offset: number }) {
      const conds: (SQL | undefined)[] = [];
      if (q.userId !== undefined) conds.push(eq(sessions.userId, q.userId));
      if (q.search) {
        const term = `%${escapeLike(q.search)}%`;
        conds.push(or(ilike(sessions.ip, term), ilike(sessions.userAgent, term), sql`${sessions.endReason} ILIKE ${term}`));
      }
      const where = and(...conds);
      const column = SESSION_SORT_FIELDS[q.sortField as keyof typeof SESSION_SORT_FIELDS] ?? sessions.startedAt;
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(sessions)
          .where(where)
          .orderBy(q.order === 'asc' ? asc(column) : desc(column), desc(sessions.id))
          .limit(q.limit)
          .offset(q.offset),
        db.select({ total: count() }).from(sessions).where(where),
      ]);
      return { rows, total };
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
