import { bigint, index, integer, jsonb, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, ipAddress } from './columns.js';
import { users } from './users.js';

/** Who changed what. Written by the administration modules; rows are never updated. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    // No foreign key: audit rows must outlive the sessions table's clean-ups.
    sessionId: uuid('session_id'),
    action: varchar('action', { length: 50 }).notNull(),
    entity: varchar('entity', { length: 50 }).notNull(),
    entityId: varchar('entity_id', { length: 100 }),
    before: jsonb('before'),
    after: jsonb('after'),
    /** The change a revert put back (change history, issue 18). */
    revertOf: bigint('revert_of', { mode: 'number' }),
    ip: ipAddress(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_actor_created_idx').on(t.actorId, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);
