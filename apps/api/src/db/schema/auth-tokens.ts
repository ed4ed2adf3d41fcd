import { boolean, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { issuedSecret, timestamptz } from './columns.js';
import { users } from './users.js';

/**
 * Two-step sign-in challenges. token_hash is the SHA-256 of the challenge token (the /otp/{token}
 * path); code_hash is an HMAC of the 6-digit code keyed by that token, so a code is only valid
 * with its own challenge and the table alone does not give the code away.
 */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    ...issuedSecret(() => users.id),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    resendCount: integer('resend_count').notNull().default(0),
    rememberMe: boolean('remember_me').notNull().default(false),
    // Whether the code was e-mailed at once (the user enrolled no other factor) or only on request.
    codeSent: boolean('code_sent').notNull().default(true),
    // The WebAuthn challenge of the passkey step, once the page asked for one.
    webauthnChallenge: varchar('webauthn_challenge', { length: 128 }),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    // Set when the code was accepted or the challenge was killed (too many wrong codes).
    consumedAt: timestamptz('consumed_at'),
  },
  (t) => [index('otp_challenges_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    ...issuedSecret(() => users.id),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);
