import { SESSION_END_REASONS } from '@console/contract';
import { boolean, index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** One row per sign-in. The id is the x-session-id; only the SHA-256 of the access token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    ip: varchar('ip', { length: 64 }),
    userAgent: text('user_agent'),
    rememberMe: boolean('remember_me').notNull().default(false),
    // The name the SPA records with POST /auth/user-sessions/add, and when it did.
    clientName: varchar('client_name', { length: 100 }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: varchar('end_reason', { length: 20, enum: SESSION_END_REASONS }),
  },
  (t) => [
    index('sessions_user_started_idx').on(t.userId, t.startedAt),
    index('sessions_started_idx').on(t.startedAt),
    index('sessions_last_seen_idx').on(t.lastSeenAt),
  ],
);
