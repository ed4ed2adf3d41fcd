import { randomUUID } from 'node:crypto';
import { OTP_LENGTH, type SessionUser } from '@console/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, limits } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { LiveBus } from '../../lib/live-bus/index.js';
import type { ClientMeta, SessionService } from '../../lib/services.js';
import { hmac, newNumericCode, newToken, sha256 } from '../../lib/tokens.js';
import type { Mailer } from '../../plugins/mail.js';
import { createSecondFactorsRepository } from '../second-factors/index.js';
import { otpMail } from './auth.mails.js';
import { createAuthRepository, type UserRow } from './auth.repository.js';

export type AuthDeps = {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  sessions: SessionService;
  log: FastifyBaseLogger;
  /** Tells open live streams that a user's sessions changed (a password reset ends them all). */
  live?: Pick<LiveBus, 'publish'>;
};

export type SignedIn = {
  kind: 'session';
  user: SessionUser;
  session: Awaited<ReturnType<SessionService['create']>>;
};
export type ChallengeStarted = { kind: 'otp'; challengeToken: string; email: string };

export const otpInvalid = (message?: string) => new AppError('OTP_INVALID', message);

const toSessionUser = (u: UserRow): SessionUser => ({
  id: u.id,
  roleId: u.roleId,
  firstname: u.firstname,
  lastname: u.lastname,
  email: u.email,
  profile: u.profile,
  primaryColor: u.primaryColor,
  secondaryColor: u.secondaryColor,
});

/**
 * What every way of signing in shares (DESIGN.md s.4): the lockout count, the two-step challenge
 * and the session at the end. A wrong answer to a challenge, whatever the factor, counts on the
 * challenge (it dies at OTP_MAX_ATTEMPTS) and on the account (it locks at LOCKOUT_THRESHOLD).
 */
export function createSignInCore(deps: AuthDeps) {
  const repo = createAuthRepository(deps.db);
  const factors = createSecondFactorsRepository(deps.db);
  const l = limits(deps.config);
  const now = () => deps.clock.now();
  const isLocked = (u: UserRow) => !!u.lockedUntil && u.lockedUntil > now();
  const countFailure = (email: string, meta: Pick<ClientMeta, 'ip'>) =>
    repo.recordSignInFailure({
      email,
      threshold: deps.config.lockoutThreshold,
      lockUntil: new Date(now().getTime() + l.lockoutMs),
      at: now(),
      ip: meta.ip,
    });

  async function sendCode(user: UserRow, code: string) {
    const mail = otpMail({ to: user.email, product: deps.config.productName, code, ttlMinutes: deps.config.otpTtlMinutes });
    // A mail failure must not reveal itself as a different reply; the user can ask for a resend.
    await deps.mailer.send(mail).catch((err) => deps.log.error({ err }, 'could not send the verification code'));
  }

  type Challenge = NonNullable<Awaited<ReturnType<typeof repo.challengeByTokenHash>>>;

  return {
    repo,
    factors,
    now,
    isLocked,
    countFailure,
    sendCode,

    async completeSignIn(user: UserRow, rememberMe: boolean, meta: ClientMeta): Promise<SignedIn> {
      // One statement: the session, plus last login, failure count and lock cleared on the user.
      const session = await deps.sessions.create({ userId: user.id, rememberMe, ...meta }, { signIn: true });
      return { kind: 'session', user: toSessionUser(user), session };
    },

    /**
     * A two-step challenge. The e-mailed code is sent at once only to a user who enrolled no
     * other factor; the others get it when they ask for it (the resend call), as the fallback.
     */
    async startChallenge(user: UserRow, rememberMe: boolean, meta: ClientMeta, sendNow: boolean): Promise<ChallengeStarted> {
      const token = newToken();
      const code = newNumericCode(OTP_LENGTH);
      const at = now();
      await repo.insertChallenge({
        id: randomUUID(),
        userId: user.id,
        tokenHash: sha256(token),
        codeHash: hmac(token, code),
        rememberMe,
        codeSent: sendNow,
        ip: meta.ip,
        createdAt: at,
        expiresAt: new Date(at.getTime() + l.otpTtlMs),
      });
      if (sendNow) await sendCode(user, code);
      return { kind: 'otp', challengeToken: token, email: user.email };
    },

    /** A challenge that can still accept an answer, with its user; undefined otherwise. */
    async liveChallenge(token: string) {
      const found = await repo.challengeByTokenHash(sha256(token));
      if (!found) return undefined;
      const { challenge, user } = found;
      const alive =
        !challenge.consumedAt &&
        challenge.expiresAt > now() &&
        challenge.attempts < deps.config.otpMaxAttempts &&
        user.status === 'active' &&
        !isLocked(user);
      return alive ? found : undefined;
    },

    /** A wrong answer of any factor: one more attempt on the challenge and one failure on the account. */
    async wrongAnswer({ challenge, user }: Challenge, meta: ClientMeta) {
      await repo.recordWrongCode(challenge.id, deps.config.otpMaxAttempts, now());
      const after = await countFailure(user.email, meta);
      if (after?.lockedUntil && after.lockedUntil > now()) await repo.killChallenge(challenge.id, now());
    },
  };
}
export type SignInCore = ReturnType<typeof createSignInCore>;
