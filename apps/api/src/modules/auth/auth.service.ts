import { randomUUID } from 'node:crypto';
import { type LoginRequest, OTP_LENGTH, type SessionUser } from '@console/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, limits } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.js';
import type { ClientMeta, SessionService } from '../../lib/services.js';
import { hmac, newNumericCode, newToken, safeEqual, sha256 } from '../../lib/tokens.js';
import type { Mailer } from '../../plugins/mail.js';
import { otpMail } from './auth.mails.js';
import { createAuthRepository, type UserRow } from './auth.repository.js';

export type AuthDeps = { db: Db; config: Config; clock: Clock; mailer: Mailer; sessions: SessionService; log: FastifyBaseLogger };

export type SignedIn = {
  kind: 'session';
  user: SessionUser;
  session: Awaited<ReturnType<SessionService['create']>>;
};
export type ChallengeStarted = { kind: 'otp'; challengeToken: string; email: string };

// One reply for every sign-in failure (unknown e-mail, wrong password, locked, disabled).
const invalidCredentials = () => new AppError('INVALID_CREDENTIALS');
const otpInvalid = () => new AppError('OTP_INVALID');

// Resending replaces the code; the cap stops a challenge from being kept alive for ever.
const MAX_RESENDS = 5;

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

/** Sign-in with password, lockout, and the two-step code (DESIGN.md s.4). */
export function createAuthService(deps: AuthDeps) {
  const repo = createAuthRepository(deps.db);
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

  async function completeSignIn(user: UserRow, rememberMe: boolean, meta: ClientMeta): Promise<SignedIn> {
    // One statement: the session, plus last login, failure count and lock cleared on the user.
    const session = await deps.sessions.create({ userId: user.id, rememberMe, ...meta }, { signIn: true });
    return { kind: 'session', user: toSessionUser(user), session };
  }

  async function sendCode(user: UserRow, code: string) {
    const mail = otpMail({ to: user.email, product: deps.config.productName, code, ttlMinutes: deps.config.otpTtlMinutes });
    // A mail failure must not reveal itself as a different reply; the user can ask for a resend.
    await deps.mailer.send(mail).catch((err) => deps.log.error({ err }, 'could not send the verification code'));
  }

  async function startChallenge(user: UserRow, rememberMe: boolean, meta: ClientMeta): Promise<ChallengeStarted> {
    const token = newToken();
    const code = newNumericCode(OTP_LENGTH);
    const at = now();
    await repo.insertChallenge({
      id: randomUUID(),
      userId: user.id,
      tokenHash: sha256(token),
      codeHash: hmac(token, code),
      rememberMe,
      ip: meta.ip,
      createdAt: at,
      expiresAt: new Date(at.getTime() + l.otpTtlMs),
    });
    await sendCode(user, code);
    return { kind: 'otp', challengeToken: token, email: user.email };
  }

  /** A challenge that can still accept a code, with its user; undefined otherwise. */
  async function liveChallenge(token: string) {
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
  }

  return {
    async login(input: LoginRequest, meta: ClientMeta): Promise<SignedIn | ChallengeStarted> {
      const found = await repo.userByEmail(input.email);
      // Every failure (unknown e-mail, locked, wrong password, disabled) does the same work: one
      // argon2 verification (against a dummy hash when there is no usable one) and the same one
      // failure statement, so the reply time does not tell which e-mails exist or are locked.
      const user = found && !isLocked(found) ? found : undefined;
      const passwordOk = user ? await verifyPassword(user.passwordHash, input.password) : await burnPasswordCheck(input.password);
      if (!user || !passwordOk || user.status !== 'active') {
        await countFailure(input.email, meta);
        throw invalidCredentials();
      }
      const rememberMe = input.rememberMe ?? false;
      // For two-step users the failure count is reset only once the code is accepted too.
      if (user.twoFactorEnabled) return startChallenge(user, rememberMe, meta);
      return completeSignIn(user, rememberMe, meta);
    },

    async checkChallenge(token: string) {
      const found = await liveChallenge(token);
      return found ? { verify: true, email: found.user.email } : { verify: false, email: '' };
    },

    async verifyCode(token: string, code: string, meta: ClientMeta): Promise<SignedIn> {
      const found = await liveChallenge(token);
      if (!found) throw otpInvalid();
      const { challenge, user } = found;
      if (!safeEqual(hmac(token, code), challenge.codeHash)) {
        await repo.recordWrongCode(challenge.id, deps.config.otpMaxAttempts, now());
        // Wrong codes count towards the account lockout as well; a lock kills the challenge.
        const after = await countFailure(user.email, meta);
        if (after?.lockedUntil && after.lockedUntil > now()) await repo.killChallenge(challenge.id, now());
        throw otpInvalid();
      }
      if (!(await repo.consumeChallenge(challenge.id, deps.config.otpMaxAttempts, now()))) throw otpInvalid();
      return completeSignIn(user, challenge.rememberMe, meta);
    },

    async resendCode(token: string) {
      const found = await liveChallenge(token);
      if (!found || found.challenge.resendCount >= MAX_RESENDS) throw otpInvalid();
      const code = newNumericCode(OTP_LENGTH);
      await repo.replaceCode(found.challenge.id, hmac(token, code), new Date(now().getTime() + l.otpTtlMs));
      await sendCode(found.user, code);
    },
  };
}
