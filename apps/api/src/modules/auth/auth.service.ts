import { type LoginRequest, OTP_LENGTH } from '@console/contract';
import { limits } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.js';
import type { ClientMeta } from '../../lib/services.js';
import { hmac, newNumericCode, safeEqual } from '../../lib/tokens.js';
import { type AuthDeps, type ChallengeStarted, createSignInCore, otpInvalid, type SignedIn, type SignInCore } from './sign-in-core.js';

export type { AuthDeps, SignedIn } from './sign-in-core.js';

// One reply for every sign-in failure (unknown e-mail, wrong password, locked, disabled).
const invalidCredentials = () => new AppError('INVALID_CREDENTIALS');

// Resending replaces the code; the cap stops a challenge from being kept alive for ever.
const MAX_RESENDS = 5;

/** Sign-in with password, lockout, and the two-step code (DESIGN.md s.4). */
export function createAuthService(deps: AuthDeps, core: SignInCore = createSignInCore(deps)) {
  const { repo, factors, now, isLocked, countFailure } = core;
  const l = limits(deps.config);

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
      // A second step when the user turned the e-mailed code on, enrolled an app or a passkey, or
      // their role requires one. For two-step users the failure count is reset only once it passes.
      const { enrolled } = user;
      const other = enrolled.totp || enrolled.passkey;
      if (user.twoFactorEnabled || other || enrolled.requiredByRole) return core.startChallenge(user, rememberMe, meta, !other);
      return core.completeSignIn(user, rememberMe, meta);
    },

    async checkChallenge(token: string) {
      const found = await core.liveChallenge(token);
      if (!found) return { verify: false, email: '' };
      const enrolled = await factors.enrolled(found.user.id);
      const factorsOffered = { totp: enrolled.totp, passkey: enrolled.passkey, emailSent: found.challenge.codeSent };
      return { verify: true, email: found.user.email, factors: factorsOffered };
    },

    async verifyCode(token: string, code: string, meta: ClientMeta): Promise<SignedIn> {
      const found = await core.liveChallenge(token);
      if (!found) throw otpInvalid();
      const { challenge, user } = found;
      // A code never e-mailed cannot be right: the user must ask for it first.
      if (!challenge.codeSent || !safeEqual(hmac(token, code), challenge.codeHash)) {
        await core.wrongAnswer(found, meta);
        throw otpInvalid();
      }
      if (!(await repo.consumeChallenge(challenge.id, deps.config.otpMaxAttempts, now()))) throw otpInvalid();
      return core.completeSignIn(user, challenge.rememberMe, meta);
    },

    /** Replaces the code and e-mails it; for a user with an app or a passkey, this is the fallback's first send. */
    async resendCode(token: string) {
      const found = await core.liveChallenge(token);
      if (!found || found.challenge.resendCount >= MAX_RESENDS) throw otpInvalid();
      const code = newNumericCode(OTP_LENGTH);
      await repo.replaceCode(found.challenge.id, hmac(token, code), new Date(now().getTime() + l.otpTtlMs));
      await core.sendCode(found.user, code);
    },
  };
}
