import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { otpChallenges, passwordResetTokens, sessions, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

export function createAuthRepository(db: Db) {
  return {
    async userByEmail(email: string) {
      const rows = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
      return rows[0];
    },

    async userById(id: number) {
      const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0];
    },

    /**
     * Counts a failure in one statement (safe under concurrent attempts). Reaching the threshold
     * locks the account until `lockUntil` and restarts the count for the next window.
     */
    async recordFailure(userId: number, threshold: number, lockUntil: Date) {
      const [row] = await db
        .update(users)
        .set({
          failedLoginCount: sql`CASE WHEN ${users.failedLoginCount} + 1 >= ${threshold} THEN 0 ELSE ${users.failedLoginCount} + 1 END`,
          lockedUntil: sql`CASE WHEN ${users.failedLoginCount} + 1 >= ${threshold} THEN ${lockUntil.toISOString()}::timestamptz ELSE ${users.lockedUntil} END`,
        })
        .where(eq(users.id, userId))
        .returning({ lockedUntil: users.lockedUntil });
      return row;
    },

    async insertChallenge(row: typeof otpChallenges.$inferInsert) {
      await db.insert(otpChallenges).values(row);
    },

    async challengeByTokenHash(tokenHash: string) {
      const rows = await db
        .select({ challenge: otpChallenges, user: users })
        .from(otpChallenges)
        .innerJoin(users, eq(users.id, otpChallenges.userId))
        .where(eq(otpChallenges.tokenHash, tokenHash))
        .limit(1);
      return rows[0];
    },

    /** A wrong code: one more attempt, and the challenge dies at the limit. */
    async recordWrongCode(id: string, maxAttempts: number, at: Date) {
      await db
        .update(otpChallenges)
        .set({
          attempts: sql`${otpChallenges.attempts} + 1`,
          consumedAt: sql`CASE WHEN ${otpChallenges.attempts} + 1 >= ${maxAttempts} THEN ${at.toISOString()}::timestamptz ELSE ${otpChallenges.consumedAt} END`,
        })
        .where(eq(otpChallenges.id, id));
    },

    /** Consumes a live challenge exactly once; false when another request got there first. */
    async consumeChallenge(id: string, maxAttempts: number, at: Date) {
      const rows = await db
        .update(otpChallenges)
        .set({ consumedAt: at })
        .where(
          and(
            eq(otpChallenges.id, id),
            isNull(otpChallenges.consumedAt),
            gt(otpChallenges.expiresAt, at),
            lt(otpChallenges.attempts, maxAttempts),
          ),
        )
        .returning({ id: otpChallenges.id });
      return rows.length === 1;
    },

    async killChallenge(id: string, at: Date) {
      await db.update(otpChallenges).set({ consumedAt: at }).where(and(eq(otpChallenges.id, id), isNull(otpChallenges.consumedAt)));
    },

    async replaceCode(id: string, codeHash: string, expiresAt: Date) {
      await db
        .update(otpChallenges)
        .set({ codeHash, expiresAt, resendCount: sql`${otpChallenges.resendCount} + 1` })
        .where(and(eq(otpChallenges.id, id), isNull(otpChallenges.consumedAt)));
    },

    async insertResetToken(row: typeof passwordResetTokens.$inferInsert) {
      await db.insert(passwordResetTokens).values(row);
    },

    async resetTokenByHash(tokenHash: string) {
      const rows = await db
        .select({ token: passwordResetTokens, user: users })
        .from(passwordResetTokens)
        .innerJoin(users, eq(users.id, passwordResetTokens.userId))
        .where(eq(passwordResetTokens.tokenHash, tokenHash))
        .limit(1);
      return rows[0];
    },

    /**
     * Uses the token (once, atomically), sets the password, clears the lockout, voids the user's
     * other reset tokens and ends every session, all in one transaction.
     */
    async completeReset(tokenId: string, userId: number, passwordHash: string, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const used = await tx
          .update(passwordResetTokens)
          .set({ usedAt: at })
          .where(and(eq(passwordResetTokens.id, tokenId), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, at)))
          .returning({ id: passwordResetTokens.id });
        if (used.length !== 1) return false;
        await tx
          .update(users)
          .set({ passwordHash, passwordChangedAt: at, failedLoginCount: 0, lockedUntil: null, updatedAt: at })
          .where(eq(users.id, userId));
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: at })
          .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt), ne(passwordResetTokens.id, tokenId)));
        await tx
          .update(sessions)
          .set({ endedAt: at, endReason: 'password-reset' })
          .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
        await tx
          .update(otpChallenges)
          .set({ consumedAt: at })
          .where(and(eq(otpChallenges.userId, userId), isNull(otpChallenges.consumedAt)));
        return true;
      });
    },
  };
}

