import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { sessions } from './sessions.js';
import { users } from './users.js';

export const userActivity = pgTable(
  'user_activity',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    screenName: varchar('screen_name', { length: 200 }).notNull().default(''),
    eventName: varchar('event_name', { length: 200 }).notNull().default(''),
    slug: varchar('slug', { length: 500 }).notNull(),
    description: text('description').notNull().default(''),
    request: jsonb('request').$type<Record<string, unknown>>(),
    ip: varchar('ip', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_activity_user_created_idx').on(t.userId, t.createdAt),
    index('user_activity_created_idx').on(t.createdAt),
    index('user_activity_session_idx').on(t.sessionId),
  ],
);
