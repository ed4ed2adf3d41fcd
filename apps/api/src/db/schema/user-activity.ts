import { bigint, index, jsonb, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, ipAddress, requiredRef } from './columns.js';
import { sessions } from './sessions.js';
import { users } from './users.js';

export const userActivity = pgTable(
  'user_activity',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    screenName: varchar('screen_name', { length: 200 }).notNull().default(''),
    eventName: varchar('event_name', { length: 200 }).notNull().default(''),
    slug: varchar('slug', { length: 500 }).notNull(),
    description: text('description').notNull().default(''),
    request: jsonb('request').$type<Record<string, unknown>>(),
    ip: ipAddress(),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_activity_user_created_idx').on(t.userId, t.createdAt),
    index('user_activity_created_idx').on(t.createdAt),
    index('user_activity_session_idx').on(t.sessionId),
  ],
);
