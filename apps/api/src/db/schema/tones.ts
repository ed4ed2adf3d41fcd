import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ENTITY_STATUSES, clients } from './clients.js';

/** Places where a tone sequence plays (DESIGN s.4b tones portal). */
export const locations = pgTable(
  'locations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: varchar('name', { length: 120 }).notNull(),
    address: text('address'),
    city: varchar('city', { length: 120 }),
    // ISO 3166-1 alpha-2.
    country: varchar('country', { length: 2 }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    // RESTRICT: a client used by a location answers 409 on delete.
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'restrict' }),
    status: varchar('status', { length: 20, enum: ENTITY_STATUSES }).notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('locations_name_lower_uq').on(sql`lower(${t.name})`),
    index('locations_client_idx').on(t.clientId),
    index('locations_status_idx').on(t.status),
    index('locations_country_city_idx').on(t.country, t.city),
    index('locations_created_at_idx').on(t.createdAt),
    index('locations_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    check('locations_latitude_ck', sql`${t.latitude} IS NULL OR ${t.latitude} BETWEEN -90 AND 90`),
    check('locations_longitude_ck', sql`${t.longitude} IS NULL OR ${t.longitude} BETWEEN -180 AND 180`),
  ],
);

/** The code sequence a device hears at a location; `code` is what ingestion looks up. */
export const toneSequences = pgTable(
  'tone_sequences',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: varchar('name', { length: 120 }).notNull(),
    // 4-16 of A-Z 0-9 and -, unique across all locations (stored upper-case by the service).
    code: varchar('code', { length: 16 }).notNull().unique('tone_sequences_code_uq'),
    // RESTRICT: a location with tone sequences answers 409 on delete.
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    status: varchar('status', { length: 20, enum: ENTITY_STATUSES }).notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tone_sequences_location_name_lower_uq').on(t.locationId, sql`lower(${t.name})`),
    index('tone_sequences_location_idx').on(t.locationId),
    index('tone_sequences_status_idx').on(t.status),
    index('tone_sequences_created_at_idx').on(t.createdAt),
    index('tone_sequences_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);
