import { type FactorVerification, SECOND_FACTOR_MESSAGES as M, type WebAuthnCredential } from '@console/contract';
import { AppError } from '../../lib/app-error.js';
import type { ClientMeta } from '../../lib/services.js';
import {
  acceptedStep,
  authenticationOptions,
  recoveryCodeHash,
  relyingParty,
  verifiedAssertion,
  WEBAUTHN_CHALLENGE_TTL_MS,
} from '../second-factors/index.js';
import { type AuthDeps, otpInvalid, type SignedIn, type SignInCore } from './sign-in-core.js';

/**
 * The second step with an authenticator app, a recovery code or a passkey, and a passkey as the
 * whole sign-in for users who chose so. Lockout and attempt limits are the e-mailed code's
 * (sign-in-core.ts); the routes carry the same rate limits.
 */
export function createSecondStepService(deps: AuthDeps, core: SignInCore) {
  const { repo, factors, now } = core;
  const rp = relyingParty(deps.config);

  /** Whether the factor's answer is right; a right one is used up (app step, recovery code). */
  async function factorAccepts(userId: number, input: FactorVerification) {
    if (input.method === 'recovery') return factors.useRecoveryCode(userId, recoveryCodeHash(input.code), now());
    const app = await factors.totpOf(userId);
    const step = app?.confirmedAt ? acceptedStep(app.secret, input.code, now()) : null;
    return step !== null && factors.useTotpStep(userId, step);
  }

  return {
    async verifyFactor(input: FactorVerification, meta: ClientMeta): Promise<SignedIn> {
      const found = await core.liveChallenge(input.token);
      if (!found) throw otpInvalid(M.challengeOver);
      if (!(await factorAccepts(found.user.id, input))) {
        await core.wrongAnswer(found, meta);
        throw otpInvalid(input.method === 'totp' ? M.totpWrong : M.recoveryWrong);
      }
      if (!(await repo.consumeChallenge(found.challenge.id, deps.config.otpMaxAttempts, now()))) throw otpInvalid(M.challengeOver);
      return core.completeSignIn(found.user, found.challenge.rememberMe, meta);
    },

    /** WebAuthn options for the challenge's user, limited to their passkeys; the challenge remembers them. */
    async passkeyOptions(token: string) {
      const found = await core.liveChallenge(token);
      if (!found) throw otpInvalid(M.challengeOver);
      const keys = await factors.passkeysOf(found.user.id);
      if (keys.length === 0) throw otpInvalid(M.passkeyFailed);
      const options = await authenticationOptions(rp, keys);
      await repo.setWebauthnChallenge(found.challenge.id, options.challenge);
      return options as unknown as Record<string, unknown>;
    },

    async verifyPasskey(token: string, credential: WebAuthnCredential, meta: ClientMeta): Promise<SignedIn> {
      const found = await core.liveChallenge(token);
      if (!found) throw otpInvalid(M.challengeOver);
      const expected = found.challenge.webauthnChallenge;
      // One answer per options: the next try asks for new options.
      if (expected) await repo.setWebauthnChallenge(found.challenge.id, null);
      const owned = await factors.passkeyWithUser(credential.id);
      const key = owned?.key.userId === found.user.id ? owned.key : undefined;
      const counter = expected && key ? await verifiedAssertion(rp, credential, expected, key, false) : null;
      if (counter === null || !key) {
        await core.wrongAnswer(found, meta);
        throw otpInvalid(M.passkeyFailed);
      }
      if (!(await repo.consumeChallenge(found.challenge.id, deps.config.otpMaxAttempts, now()))) throw otpInvalid(M.challengeOver);
      await factors.passkeyUsed(key.id, counter, now());
      return core.completeSignIn(found.user, found.challenge.rememberMe, meta);
    },

    /** Options for "Sign in with a passkey": no user yet, so the authenticator offers its own (discoverable) passkeys. */
    async passkeySignInOptions() {
      const options = await authenticationOptions(rp, undefined);
      const challengeId = await factors.newWebauthnChallenge({
        userId: null,
        purpose: 'sign-in',
        challenge: options.challenge,
        at: now(),
        ttlMs: WEBAUTHN_CHALLENGE_TTL_MS,
      });
      return { challengeId, options: options as unknown as Record<string, unknown> };
    },

    /**
     * A passkey as the whole sign-in. The passkey must have verified its holder (user
     * verification), and the user must have chosen this; a wrong answer counts on the account.
     */
    async passkeySignIn(input: { challengeId: string; credential: WebAuthnCredential; rememberMe: boolean }, meta: ClientMeta) {
      const expected = await factors.takeWebauthnChallenge(input.challengeId, 'sign-in', null, now());
      const owned = await factors.passkeyWithUser(input.credential.id);
      if (!expected || !owned || owned.user.status !== 'active' || core.isLocked(owned.user)) {
        throw new AppError('INVALID_CREDENTIALS', M.passkeyFailed);
      }
      const counter = await verifiedAssertion(rp, input.credential, expected, owned.key, true);
      if (counter === null) {
        await core.countFailure(owned.user.email, meta);
        throw new AppError('INVALID_CREDENTIALS', M.passkeyFailed);
      }
      if (!owned.user.passkeySignIn) throw new AppError('INVALID_CREDENTIALS', M.passkeySignInOff);
      await factors.passkeyUsed(owned.key.id, counter, now());
      return core.completeSignIn(owned.user, input.rememberMe, meta);
    },
  };
}
