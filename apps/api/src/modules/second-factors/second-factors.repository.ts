import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passkeys, recoveryCodes, roles, totpFactors, users, webauthnChallenges } from '../../db/schema/index.js';

export type PasskeyRow = typeof passkeys.$inferSelect;

/**
 * Which factors can finish a two-step sign-in for a user, and whether their role requires one, as
 * fields of a select from users joined to their role (qualified: a select from users alone would
 * leave `users.id` unqualified inside the subqueries). The sign-in's user read selects them too, so
 * a sign-in reads the user and their factors in one statement (auth.repository.ts).
 */
export const enrolledFields = {
  totp: sql<boolean>`exists(select 1 from ${totpFactors} where ${totpFactors.userId} = ${users.id} and ${totpFactors.confirmedAt} is not null)`,
  passkey: sql<boolean>`exists(select 1 from ${passkeys} where ${passkeys.userId} = ${users.id})`,
  requiredByRole: roles.secondFactorRequired,
};

/** What `enrolledFields` read, as booleans; none (no row, or drizzle's null for a left-joined role that is missing): all false. */
export const enrolledOf = (row: { totp: boolean; passkey: boolean; requiredByRole: boolean | null } | null | undefined) => ({
  totp: !!row?.totp,
  passkey: !!row?.passkey,
  requiredByRole: !!row?.requiredByRole,
});

/** The SQL of second factors: the app's secret, recovery codes, passkeys and WebAuthn challenges. */
export function createSecondFactorsRepository(db: Db) {
  return {
    /** What a user enrolled, and what their role asks for (the profile card, the admin reset). */
    async summary(userId: number) {
      const [row] = await db
        .select({
          emailCode: users.twoFactorEnabled,
          passkeySignIn: users.passkeySignIn,
          requiredByRole: roles.secondFactorRequired,
          totpConfirmed: sql<boolean>`exists(select 1 from ${totpFactors} where ${totpFactors.userId} = ${users.id} and ${totpFactors.confirmedAt} is not null)`,
          recoveryLeft:
            sql<number>`(select count(*) from ${recoveryCodes} where ${recoveryCodes.userId} = ${users.id} and ${recoveryCodes.usedAt} is null)`.mapWith(
              Number,
            ),
        })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(users.id, userId));
      if (!row) return undefined;
      const keys = await this.passkeysOf(userId);
      return { ...row, passkeys: keys };
    },

    /** Which factors can finish a two-step sign-in for the user, and whether their role requires one. */
    async enrolled(userId: number) {
      const [row] = await db.select(enrolledFields).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.id, userId));
      return enrolledOf(row);
    },

    async totpOf(userId: number) {
      const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
      return row;
    },

    /** Starts (or restarts) an enrolment; false when a confirmed app is already set up. */
    async startTotp(userId: number, secret: string, at: Date) {
      const rows = await db
        .insert(totpFactors)
        .values({ userId, secret, createdAt: at })
        .onConflictDoUpdate({
          target: totpFactors.userId,
          set: { secret, createdAt: at, lastUsedStep: null },
          where: isNull(totpFactors.confirmedAt),
        })
        .returning({ userId: totpFactors.userId });
      return rows.length === 1;
    },

    /** Confirms a pending enrolment with its first accepted step and issues the recovery codes, at once. */
    async confirmTotp(userId: number, step: number, at: Date, codeHashes: string[]) {
      return db.transaction(async (tx) => {
        const done = await tx
          .update(totpFactors)
          .set({ confirmedAt: at, lastUsedStep: step })
          .where(and(eq(totpFactors.userId, userId), isNull(totpFactors.confirmedAt)))
          .returning({ userId: totpFactors.userId });
        if (done.length !== 1) return false;
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ id: randomUUID(), userId, codeHash, createdAt: at })));
        return true;
      });
    },

    /** Takes a step of a confirmed app once: false when it (or a later one) was used already. */
    async useTotpStep(userId: number, step: number) {
      const rows = await db
        .update(totpFactors)
        .set({ lastUsedStep: step })
        .where(
          and(
            eq(totpFactors.userId, userId),
            isNotNull(totpFactors.confirmedAt),
            or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
          ),
        )
        .returning({ userId: totpFactors.userId });
      return rows.length === 1;
    },

    /** Removes the app and its recovery codes; answers whether there was a confirmed one. */
    async removeTotp(userId: number) {
      return db.transaction(async (tx) => {
        const gone = await tx.delete(totpFactors).where(eq(totpFactors.userId, userId)).returning({ confirmedAt: totpFactors.confirmedAt });
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        return gone.some((r) => r.confirmedAt !== null);
      });
    },

    async replaceRecoveryCodes(userId: number, codeHashes: string[], at: Date) {
      await db.transaction(async (tx) => {
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ id: randomUUID(), userId, codeHash, createdAt: at })));
      });
    },

    /** Uses a recovery code once; false when it is unknown or used. */
    async useRecoveryCode(userId: number, codeHash: string, at: Date) {
      const rows = await db
        .update(recoveryCodes)
        .set({ usedAt: at })
        .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id });
      return rows.length === 1;
    },

    passkeysOf(userId: number) {
      return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
    },

    async passkeyCount(userId: number) {
      const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
      return Number(row?.n ?? 0);
    },

    async passkeyWithUser(id: string) {
      const [row] = await db
        .select({ key: passkeys, user: users })
        .from(passkeys)
        .innerJoin(users, eq(users.id, passkeys.userId))
        .where(eq(passkeys.id, id));
      return row;
    },

    /** Stores a new passkey; false when the credential id is already registered (to anyone). */
    async addPasskey(row: typeof passkeys.$inferInsert) {
      const rows = await db.insert(passkeys).values(row).onConflictDoNothing().returning({ id: passkeys.id });
      return rows.length === 1;
    },

    /** Counters only move forward: a cloned authenticator replaying an older counter is refused by the library first. */
    async passkeyUsed(id: string, counter: number, at: Date) {
      await db.update(passkeys).set({ counter, lastUsedAt: at }).where(eq(passkeys.id, id));
    },

    /** Removes one of the user's passkeys; a user left without any cannot keep "passkey signs me in". */
    async removePasskey(userId: number, id: string) {
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(passkeys)
          .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
          .returning({ name: passkeys.name });
        const [left] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
        if (Number(left?.n ?? 0) === 0) await tx.update(users).set({ passkeySignIn: false }).where(eq(users.id, userId));
        return gone[0];
      });
    },

    async setPasskeySignIn(userId: number, enabled: boolean) {
      await db.update(users).set({ passkeySignIn: enabled }).where(eq(users.id, userId));
    },

    /** Everything a user enrolled, gone in one transaction (the administrator's reset); answers what there was. */
    async resetAll(userId: number) {
      return db.transaction(async (tx) => {
        const totp = await tx.delete(totpFactors).where(eq(totpFactors.userId, userId)).returning({ confirmedAt: totpFactors.confirmedAt });
        const codes = await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).returning({ id: recoveryCodes.id });
        const keys = await tx.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ name: passkeys.name });
        await tx.update(users).set({ passkeySignIn: false }).where(eq(users.id, userId));
        return { totp: totp.some((t) => t.confirmedAt !== null), recoveryCodes: codes.length, passkeys: keys.map((k) => k.name) };
      });
    },

    async newWebauthnChallenge(row: {
      userId: number | null;
      purpose: 'register' | 'sign-in';
      challenge: string;
      at: Date;
      ttlMs: number;
    }) {
      const id = randomUUID();
      await db.insert(webauthnChallenges).values({
        id,
        userId: row.userId,
        purpose: row.purpose,
        challenge: row.challenge,
        createdAt: row.at,
        expiresAt: new Date(row.at.getTime() + row.ttlMs),
      });
      // Old ones go as new ones come: the table stays small without a sweeper.
      await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date(row.at.getTime() - row.ttlMs)));
      return id;
    },

    /** Uses a live challenge once; answers it, or undefined (unknown, used, expired, another user's). */
    async takeWebauthnChallenge(id: string, purpose: 'register' | 'sign-in', userId: number | null, at: Date) {
      const rows = await db
        .update(webauthnChallenges)
        .set({ consumedAt: at })
        .where(
          and(
            eq(webauthnChallenges.id, id),
            eq(webauthnChallenges.purpose, purpose),
            userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
            isNull(webauthnChallenges.consumedAt),
            gt(webauthnChallenges.expiresAt, at),
          ),
        )
        .returning({ challenge: webauthnChallenges.challenge });
      return rows[0]?.challenge;
    },
  };
}
