import {
  MAX_PASSKEYS,
  type Passkey,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_MESSAGES as M,
  type SecondFactors,
  type WebAuthnCredential,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { AppError } from '../../lib/app-error.js';
import { acceptedStep, newRecoveryCode, newTotpSecret, recoveryCodeHash, totpOf } from './factor-codes.js';
import { createSecondFactorsRepository, type PasskeyRow } from './second-factors.repository.js';
import { registrationOptions, relyingParty, verifiedRegistration } from './webauthn.js';

/** How long a WebAuthn ceremony or a pending app enrolment may take. */
export const WEBAUTHN_CHALLENGE_TTL_MS = 5 * 60_000;
const TOTP_ENROLMENT_TTL_MS = 15 * 60_000;

type Owner = { id: number; email: string; firstname: string; lastname: string };

const toPasskey = (k: PasskeyRow): Passkey => ({
  id: k.id,
  name: k.name,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
});

const newCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);

/** A user's own factors (profile) and the administrator's reset. Each change is audited by its route. */
export function createSecondFactorsService(app: FastifyInstance) {
  const repo = createSecondFactorsRepository(app.db);
  const rp = relyingParty(app.config);
  const now = () => app.clock.now();

  return {
    async summary(userId: number): Promise<SecondFactors> {
      const s = await repo.summary(userId);
      if (!s) throw new AppError('NOT_FOUND');
      return {
        emailCode: s.emailCode,
        requiredByRole: s.requiredByRole,
        totp: { enabled: !!s.totpConfirmed, recoveryCodesLeft: s.totpConfirmed ? s.recoveryLeft : 0 },
        passkeys: s.passkeys.map(toPasskey),
        passkeySignIn: s.passkeySignIn && s.passkeys.length > 0,
      };
    },

    /** A new secret, pending until a code from it is confirmed; the QR code carries the otpauth:// URI. */
    async startTotp(user: Owner) {
      const secret = newTotpSecret();
      if (!(await repo.startTotp(user.id, secret, now()))) throw new AppError('CONFLICT', M.totpAlready);
      const uri = totpOf(secret, user.email, app.config.productName).toString();
      const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return { secret, uri, qrSvg };
    },

    /** The first code turns the app on and answers the recovery codes, shown this once. */
    async confirmTotp(userId: number, code: string) {
      const row = await repo.totpOf(userId);
      const at = now();
      if (!row || row.confirmedAt || row.createdAt.getTime() + TOTP_ENROLMENT_TTL_MS < at.getTime()) {
        throw new AppError('CONFLICT', M.totpNotStarted);
      }
      const step = acceptedStep(row.secret, code, at);
      if (step === null) throw new AppError('VALIDATION', M.totpWrong, { code: M.totpWrong });
      const codes = newCodes();
      if (!(await repo.confirmTotp(userId, step, at, codes.map(recoveryCodeHash)))) throw new AppError('CONFLICT', M.totpNotStarted);
      return codes;
    },

    async removeTotp(userId: number) {
      if (!(await repo.removeTotp(userId))) throw new AppError('NOT_FOUND', M.totpMissing);
    },

    async renewRecoveryCodes(userId: number) {
      const row = await repo.totpOf(userId);
      if (!row?.confirmedAt) throw new AppError('CONFLICT', M.totpMissing);
      const codes = newCodes();
      await repo.replaceRecoveryCodes(userId, codes.map(recoveryCodeHash), now());
      return codes;
    },

    async passkeyOptions(user: Owner) {
      const existing = await repo.passkeysOf(user.id);
      if (existing.length >= MAX_PASSKEYS) throw new AppError('CONFLICT', M.passkeyTooMany);
      const name = `${user.firstname} ${user.lastname}`.trim() || user.email;
      const options = await registrationOptions(rp, { id: user.id, email: user.email, name }, existing);
      const challengeId = await repo.newWebauthnChallenge({
        userId: user.id,
        purpose: 'register',
        challenge: options.challenge,
        at: now(),
        ttlMs: WEBAUTHN_CHALLENGE_TTL_MS,
      });
      return { challengeId, options: options as unknown as Record<string, unknown> };
    },

    async addPasskey(userId: number, input: { challengeId: string; name: string; credential: WebAuthnCredential }) {
      const at = now();
      const challenge = await repo.takeWebauthnChallenge(input.challengeId, 'register', userId, at);
      const credential = challenge ? await verifiedRegistration(rp, input.credential, challenge) : null;
      if (!credential) throw new AppError('VALIDATION', M.passkeyRegisterFailed);
      if ((await repo.passkeyCount(userId)) >= MAX_PASSKEYS) throw new AppError('CONFLICT', M.passkeyTooMany);
      const row = { ...credential, userId, name: input.name, createdAt: at };
      if (!(await repo.addPasskey(row))) throw new AppError('CONFLICT', M.passkeyTaken);
      return toPasskey({ ...row, lastUsedAt: null });
    },

    async removePasskey(userId: number, id: string) {
      const gone = await repo.removePasskey(userId, id);
      if (!gone) throw new AppError('NOT_FOUND', M.passkeyNotFound);
      return gone;
    },

    async setPasskeySignIn(userId: number, enabled: boolean) {
      if (enabled && (await repo.passkeyCount(userId)) === 0) throw new AppError('CONFLICT', M.passkeySignInNeedsPasskey);
      await repo.setPasskeySignIn(userId, enabled);
    },

    reset: (userId: number) => repo.resetAll(userId),
  };
}
