import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@console/contract';
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { sha256 } from '../../lib/tokens.js';

/** A new TOTP shared secret: 160 bits, as RFC 4226 recommends, in base32 for the app. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export const totpOf = (secret: string, label: string, issuer: string) =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/**
 * The 30-second step a code is good for at `at`, or null: the current step and one either side,
 * so a phone a few seconds off still works. The caller accepts a step only once (replay guard).
 */
export function acceptedStep(secret: string, code: string, at: Date): number | null {
  const delta = totpOf(secret, '-', '-').validate({ token: code, timestamp: at.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A recovery code: 12 base32 characters (60 random bits) shown as abcd-efgh-ijkl. */
export function newRecoveryCode(): string {
  const chars = [...randomBytes(12)].map((b) => BASE32[b & 31]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** Stored form of a recovery code: the SHA-256 of the code without dashes, lower-cased. */
export const recoveryCodeHash = (code: string) => sha256(code.replace(/[\s-]/g, '').toLowerCase());
