import { STATUSES } from '@console/contract';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

/**
 * Column groups and index shapes many tables share. Each is a function, so that every table gets
 * builders of its own (a builder is configured in place). They spell exactly what the tables spelt
 * before: the generated SQL is unchanged (`npm run db:generate` finds nothing to migrate).
 */

/** The int4 identity primary key of an entity table. */
export const identityId = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

/** Every timestamptz the schema keeps is a timestamptz. */
export const timestamptz = <N extends string>(name: N) => timestamp(name, { withTimezone: true });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** created_at and updated_at of an editable row (the services move updated_at on each write). */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: timestamptz('updated_at').notNull().defaultNow() });

/** The active/inactive switch of the rows staff manage (new rows are active). */
export const entityStatus = () => varchar('status', { length: 20, enum: STATUSES }).notNull().default('active');

/** A required int4 foreign key to another table's id. */
export const requiredRef = <N extends string>(name: N, target: () => AnyPgColumn, onDelete: 'cascade' | 'restrict') =>
  integer(name).notNull().references(target, { onDelete });

/** An address as the API sees it (IPv6 with a zone fits). */
export const ipAddress = () => varchar('ip', { length: 64 });

/**
 * A secret handed to a user (session, two-step challenge, reset link): a UUID row id, the user it
 * belongs to (gone with the user), the SHA-256 hex of the secret (never the secret itself) and
 * the address that asked for it.
 */
export const issuedSecret = (user: () => AnyPgColumn) => ({
  id: uuid('id').primaryKey(),
  userId: requiredRef('user_id', user, 'cascade'),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  ip: ipAddress(),
});

/** Names unique whatever their case ("ACME" is "Acme"), per `scope` when given; it also settles concurrent creates. */
export const uniqueIgnoringCase = (name: string, column: SQLWrapper, scope?: SQLWrapper) =>
  scope ? uniqueIndex(name).on(scope, sql`lower(${column})`) : uniqueIndex(name).on(sql`lower(${column})`);

/** Lists search with ILIKE '%term%'; a trigram index keeps that fast on large tables. */
export const trigramIndex = (name: string, searched: SQLWrapper) => index(name).using('gin', sql`${searched} gin_trgm_ops`);

type Indexed = Parameters<ReturnType<typeof index>['on']>[0];

/** The indexes of a managed list's status filter and its default order (newest first). */
export const statusAndCreatedIndexes = (table: string, t: { status: Indexed; createdAt: Indexed }) => [
  index(`${table}_status_idx`).on(t.status),
  index(`${table}_created_at_idx`).on(t.createdAt),
];
