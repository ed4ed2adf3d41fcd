import { SESSION_END_REASONS } from '@console/contract';
import { boolean, index, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { issuedSecret, timestamptz } from './columns.js';
import { users } from './users.js';

/** One row per sign-in. The id is the x-session-id; only the SHA-256 of the access token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    ...issuedSecret(() => users.id),
    userAgent: text('user_agent'),
    rememberMe: boolean('remember_me').notNull().default(false),
    // The name the SPA records with POST /auth/user-sessions/add, and when it did.
    clientName: varchar('client_name', { length: 100 }),
    acknowledgedAt: timestamptz('acknowledged_at'),
    startedAt: timestamptz('started_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    endedAt: timestamptz('ended_at'),
    endReason: varchar('end_reason', { length: 20, enum: SESSION_END_REASONS }),
  },
  (t) => [
    index('sessions_user_started_idx').on(t.userId, t.startedAt),
    index('sessions_started_idx').on(t.startedAt),
    index('sessions_last_seen_idx').on(t.lastSeenAt),
  ],
);
