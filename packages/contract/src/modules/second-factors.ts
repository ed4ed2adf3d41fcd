import { z } from 'zod';
import { requiredText } from '../common/fields.js';

/**
 * Second factors beside the e-mailed code (spec s.3 keeps that one): an authenticator app (TOTP,
 * RFC 6238) with single-use recovery codes, and passkeys (WebAuthn). Not in the spec; DESIGN.md's
 * two-step flow is unchanged for a user who enrolled nothing.
 */

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
export const PASSKEY_NAME_MAX = 60;
export const MAX_PASSKEYS = 10;

export const SECOND_FACTOR_PATHS = {
  /** The two-step page: a code from the app or a recovery code ({ token, method, code }). */
  verify: '/auth/second-factor/verification',
  /** The two-step page: WebAuthn options for the challenge's user, then the signed answer. */
  passkeyOptions: '/auth/second-factor/passkey-options',
  passkeyVerify: '/auth/second-factor/passkey',
  /** The sign-in page: a passkey alone, for users who chose so. */
  passkeySignInOptions: '/auth/passkey/options',
  passkeySignIn: '/auth/passkey/sign-in',
  /** Own profile. */
  summary: '/profile/second-factors',
  totp: '/profile/second-factors/totp',
  totpConfirm: '/profile/second-factors/totp/confirm',
  recoveryCodes: '/profile/second-factors/recovery-codes',
  passkeyRegisterOptions: '/profile/second-factors/passkeys/options',
  passkeys: '/profile/second-factors/passkeys',
  passkey: (id: string) => `/profile/second-factors/passkeys/${encodeURIComponent(id)}`,
  passkeySignInSetting: '/profile/second-factors/passkey-sign-in',
  /** Administration: remove every factor a user enrolled (audited). */
  reset: (userId: number | string) => `/users/${userId}/second-factors/reset`,
} as const;

export const SECOND_FACTOR_MESSAGES = {
  totpCode: `Enter the ${TOTP_DIGITS}-digit code from your authenticator app`,
  recoveryCode: 'Enter a recovery code such as abcd-efgh-ijkl',
  totpWrong: 'That code is not right. Check the time on your phone and try again.',
  recoveryWrong: 'That recovery code is not right, or it was used already.',
  passkeyFailed: 'The passkey could not be checked. Try again, or use another way.',
  passkeySignInOff: 'This passkey cannot sign you in alone. Sign in with your password; the passkey is your second step.',
  challengeOver: 'This sign-in has expired. Sign in again.',
  totpStarted: 'Scan the code with your authenticator app, then enter the code it shows',
  totpEnabled: 'Authenticator app turned on. Keep your recovery codes somewhere safe.',
  totpNotStarted: 'Start again: the setup was not found or has expired',
  totpAlready: 'An authenticator app is already set up. Remove it first to set up another.',
  totpRemoved: 'Authenticator app removed',
  totpMissing: 'No authenticator app is set up',
  recoveryRenewed: 'New recovery codes made. The old ones no longer work.',
  passkeyAdded: 'Passkey added',
  passkeyRemoved: 'Passkey removed',
  passkeyTooMany: `You can keep at most ${MAX_PASSKEYS} passkeys. Remove one first.`,
  passkeyTaken: 'This passkey is already registered',
  passkeyNotFound: 'Passkey not found',
  passkeyRegisterFailed: 'The passkey could not be registered. Try again.',
  passkeySignInOn: 'Your passkeys can now sign you in without a password',
  passkeySignInOffSaved: 'Your passkeys are now only a second step after your password',
  passkeySignInNeedsPasskey: 'Add a passkey first',
  reset: 'Second factors removed. The user signs in with the e-mailed code until they set up new ones.',
} as const;

const challengeToken = z.string().min(1).max(200);
export const totpCodeField = z
  .string({ error: SECOND_FACTOR_MESSAGES.totpCode })
  .trim()
  .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), SECOND_FACTOR_MESSAGES.totpCode);
/** 12 characters of RFC 4648 base32 in groups of four; dashes, spaces and case do not matter. */
export const recoveryCodeField = z
  .string({ error: SECOND_FACTOR_MESSAGES.recoveryCode })
  .transform((v) => v.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z2-7]{12}$/, SECOND_FACTOR_MESSAGES.recoveryCode));

export const factorVerificationSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), token: challengeToken, code: totpCodeField }),
  z.object({ method: z.literal('recovery'), token: challengeToken, code: recoveryCodeField }),
]);
export type FactorVerification = z.input<typeof factorVerificationSchema>;

/**
 * A WebAuthn credential as @simplewebauthn/browser answers it (JSON, base64url). The library on
 * the server checks every part; this only bounds the shape and the size.
 */
export const webAuthnCredentialSchema = z.looseObject({
  id: z.string().min(1).max(1400),
  rawId: z.string().min(1).max(1400),
  type: z.literal('public-key'),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
  authenticatorAttachment: z.string().max(40).optional(),
});
export type WebAuthnCredential = z.input<typeof webAuthnCredentialSchema>;

/** WebAuthn options for the browser (PublicKeyCredential*OptionsJSON, produced by the server library). */
const webAuthnOptions = z.record(z.string(), z.unknown());

export const challengeTokenSchema = z.object({ token: challengeToken });
export const passkeyVerificationSchema = z.object({ token: challengeToken, credential: webAuthnCredentialSchema });
/** Options for the passkey step of a two-step challenge (the challenge token names it). */
export const passkeyOptionsResponseSchema = z.object({ data: z.object({ options: webAuthnOptions }) });
/** Options with the id of the WebAuthn challenge they carry (adding a passkey; signing in with one alone). */
export const webAuthnChallengeResponseSchema = z.object({
  data: z.object({ challengeId: z.uuid(), options: webAuthnOptions }),
});
export const passkeySignInSchema = z.object({
  challengeId: z.uuid(),
  credential: webAuthnCredentialSchema,
  rememberMe: z.boolean().optional().default(false),
});

/** What the two-step page may offer for a challenge (GET /auth/get-token/{id} answers it beside `verify`). */
export const challengeFactorsSchema = z.object({ totp: z.boolean(), passkey: z.boolean(), emailSent: z.boolean() });
export type ChallengeFactors = z.infer<typeof challengeFactorsSchema>;

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const secondFactorsSchema = z.object({
  /** The e-mailed code of the spec is on for this user (users.twoFactorEnabled). */
  emailCode: z.boolean(),
  /** The user's role requires a second step at every sign-in. */
  requiredByRole: z.boolean(),
  totp: z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() }),
  passkeys: z.array(passkeySchema),
  /** Whether a passkey alone signs this user in (otherwise it is a second step after the password). */
  passkeySignIn: z.boolean(),
});
export type SecondFactors = z.infer<typeof secondFactorsSchema>;
export const secondFactorsResponseSchema = z.object({ data: secondFactorsSchema });

export const totpSetupResponseSchema = z.object({
  message: z.string(),
  data: z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() }),
});
export type TotpSetup = z.infer<typeof totpSetupResponseSchema>['data'];
export const totpConfirmSchema = z.object({ code: totpCodeField });
export const recoveryCodesResponseSchema = z.object({ message: z.string(), data: z.object({ codes: z.array(z.string()) }) });

export const passkeyAddSchema = z.object({
  challengeId: z.uuid(),
  name: requiredText('Passkey name', PASSKEY_NAME_MAX),
  credential: webAuthnCredentialSchema,
});
export const passkeyResponseSchema = z.object({ message: z.string(), data: passkeySchema });
export const passkeySignInSettingSchema = z.object({ enabled: z.boolean() });
