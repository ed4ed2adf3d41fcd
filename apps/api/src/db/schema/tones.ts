import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { clients } from './clients.js';
import { entityStatus, identityId, requiredRef, statusAndCreatedIndexes, timestamps, trigramIndex, uniqueIgnoringCase } from './columns.js';

/** Places where a tone sequence plays (DESIGN s.4b tones portal). */
export const locations = pgTable(
  'locations',
  {
    id: identityId(),
    name: varchar('name', { length: 120 }).notNull(),
    address: text('address'),
    city: varchar('city', { length: 120 }),
    // ISO 3166-1 alpha-2.
    country: varchar('country', { length: 2 }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    // RESTRICT: a client used by a location answers 409 on delete.
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'restrict' }),
    status: entityStatus(),
    ...timestamps(),
  },
  (t) => [
    uniqueIgnoringCase('locations_name_lower_uq', t.name),
    index('locations_client_idx').on(t.clientId),
    ...statusAndCreatedIndexes('locations', t),
    index('locations_country_city_idx').on(t.country, t.city),
    trigramIndex('locations_name_trgm_idx', t.name),
    check('locations_latitude_ck', sql`${t.latitude} IS NULL OR ${t.latitude} BETWEEN -90 AND 90`),
    check('locations_longitude_ck', sql`${t.longitude} IS NULL OR ${t.longitude} BETWEEN -180 AND 180`),
  ],
);

/** The code sequence a device hears at a location; `code` is what ingestion looks up. */
export const toneSequences = pgTable(
  'tone_sequences',
  {
    id: identityId(),
    name: varchar('name', { length: 120 }).notNull(),
    // 4-16 of A-Z 0-9 and -, unique across all locations (stored upper-case by the service).
    code: varchar('code', { length: 16 }).notNull().unique('tone_sequences_code_uq'),
    // RESTRICT: a location with tone sequences answers 409 on delete.
    locationId: requiredRef('location_id', () => locations.id, 'restrict'),
    status: entityStatus(),
    ...timestamps(),
  },
  (t) => [
    uniqueIgnoringCase('tone_sequences_location_name_lower_uq', t.name, t.locationId),
    index('tone_sequences_location_idx').on(t.locationId),
    ...statusAndCreatedIndexes('tone_sequences', t),
    trigramIndex('tone_sequences_name_trgm_idx', t.name),
  ],
);
