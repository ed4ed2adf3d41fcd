import { and, eq, gt, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, otpChallenges, passwordResetTokens, roles, sessions, users } from '../../db/schema/index.js';
import { enrolledFields, enrolledOf } from '../second-factors/index.js';

export type UserRow = typeof users.$inferSelect;

/** Audit actions written by sign-in and forgot-password, for known and unknown e-mails alike. */
export const AUTH_AUDIT = { signInFailed: 'auth.sign-in-failed', resetRequested: 'auth.password-reset-requested' } as const;

const asDate = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string | Date));

export function createAuthRepository(db: Db) {
  // Prepared once: the first statement of every sign-in (db/prepared.ts says why). It also reads
  // what decides the second step (the user's factors, their role's rule), so a sign-in is one
  // read, the password check and one write; a separate lookup was ~0.5 ms of every sign-in.
  const byEmail = db
    .select({ user: users, enrolled: enrolledFields })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.email, sql.placeholder('email')))
    .limit(1)
    .prepare('user_by_email');
  return {
    /** The user of an e-mail, with `enrolled`: the second factors they can sign in with, and whether their role requires one. */
    async userByEmail(email: string) {
      const [row] = await byEmail.execute({ email: email.toLowerCase() });
      return row && { ...row.user, enrolled: enrolledOf(row.enrolled) };
    },

    async userById(id: number) {
      const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0];
    },

    /**
     * A failed sign-in, the same one statement whether or not the e-mail belongs to anyone (so
     * the reply time does not tell): an audit row is always written, and, for an account that is
     * not already locked, the failure is counted on it; reaching the threshold locks it until
     * `lockUntil` and restarts the count. One statement is also safe under concurrent attempts.
     * Answers the account's lock, if it has one.
     */
    async recordSignInFailure(f: { email: string; threshold: number; lockUntil: Date; at: Date; ip: string | null }) {
      const counted = db
        .update(users)
        .set({
          failedLoginCount: sql`CASE WHEN ${users.failedLoginCount} + 1 >= ${f.threshold} THEN 0 ELSE ${users.failedLoginCount} + 1 END`,
          lockedUntil: sql`CASE WHEN ${users.failedLoginCount} + 1 >= ${f.threshold} THEN ${f.lockUntil.toISOString()}::timestamptz ELSE ${users.lockedUntil} END`,
        })
        .where(and(eq(users.email, f.email.toLowerCase()), or(isNull(users.lockedUntil), lte(users.lockedUntil, f.at))))
        .returning({ id: users.id, lockedUntil: users.lockedUntil });
      const result = await db.execute(sql`
        with counted as (${counted.getSQL()})
        insert into ${auditLog} (action, entity, entity_id, ip)
        values (${AUTH_AUDIT.signInFailed}, 'user', (select id::text from counted), ${f.ip})
        returning (select locked_until from counted) as locked_until`);
      const row = (result as unknown as { rows: Array<{ locked_until: unknown }> }).rows[0];
      return { lockedUntil: asDate(row?.locked_until) };
    },

    /**
     * A forgot-password request, the same one statement for every e-mail: a reset token is
     * issued if the e-mail is an active user's, and an audit row is written either way. Answers
     * the address to mail the link to, or null.
     */
    async requestReset(r: { email: string; id: string; tokenHash: string; ip: string | null; at: Date; expiresAt: Date }) {
      const result = await db.execute(sql`
        with target as (
          select ${users.id} as id, ${users.email} as email from ${users}
          where ${users.email} = ${r.email.toLowerCase()} and ${users.status} = 'active' limit 1
        ),
        issued as (
          insert into ${passwordResetTokens} (id, user_id, token_hash, ip, created_at, expires_at)
          select ${r.id}, id, ${r.tokenHash}, ${r.ip}, ${r.at.toISOString()}::timestamptz, ${r.expiresAt.toISOString()}::timestamptz from target
          returning user_id
        )
        insert into ${auditLog} (action, entity, entity_id, ip)
        values (${AUTH_AUDIT.resetRequested}, 'user', (select user_id::text from issued), ${r.ip})
        returning (select email from target) as email`);
      const row = (result as unknown as { rows: Array<{ email: string | null }> }).rows[0];
      return row?.email ?? null;
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

    /** The WebAuthn challenge of a two-step challenge's passkey step (null: none, or used up). */
    async setWebauthnChallenge(id: string, challenge: string | null) {
      await db.update(otpChallenges).set({ webauthnChallenge: challenge }).where(eq(otpChallenges.id, id));
    },

    async killChallenge(id: string, at: Date) {
      await db
        .update(otpChallenges)
        .set({ consumedAt: at })
        .where(and(eq(otpChallenges.id, id), isNull(otpChallenges.consumedAt)));
    },

    async replaceCode(id: string, codeHash: string, expiresAt: Date) {
      await db
        .update(otpChallenges)
        .set({ codeHash, expiresAt, codeSent: true, resendCount: sql`${otpChallenges.resendCount} + 1` })
        .where(and(eq(otpChallenges.id, id), isNull(otpChallenges.consumedAt)));
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
