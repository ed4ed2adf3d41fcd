import { bigint, index, integer, jsonb, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, requiredRef, timestamptz } from './columns.js';
import { users } from './users.js';

/**
 * An authenticator app (TOTP) per user. `secret` is the base32 shared secret: the server must
 * read it back to check codes, so it is stored as Keycloak and Directus store theirs, and never
 * leaves the API after enrolment (lib/secret-fields.ts keeps it out of history and logs).
 * Until `confirmed_at` is set the enrolment is pending and counts for nothing.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: varchar('secret', { length: 64 }).notNull(),
  confirmedAt: timestamptz('confirmed_at'),
  // The last 30-second step a code was accepted for: a code is good once (RFC 6238 s.5.2).
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes, stored as SHA-256 of the normalised code (60 random bits each). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** WebAuthn credentials; `id` is the credential id (base64url) the authenticator answers with. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: varchar('id', { length: 1400 }).primaryKey(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    name: varchar('name', { length: 100 }).notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * WebAuthn challenges not tied to a two-step challenge: a profile's "add a passkey" (user set)
 * and the sign-in page's "sign in with a passkey" (no user yet). Each is used once.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 20, enum: ['register', 'sign-in'] }).notNull(),
    challenge: varchar('challenge', { length: 128 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);
