import { PLATFORMS } from '@console/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, smallint, text, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamptz, requiredRef, trigramIndex } from './columns.js';
import { locations, toneSequences } from './tones.js';
import { users } from './users.js';

/**
 * What devices report through POST /device/user-requests. Built for volume (10 million rows):
 * bigint id, only the indexes the list filters need, and the dashboards read the rollups below.
 */
export const userRequests = pgTable(
  'user_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    eventId: uuid('event_id').notNull(),
    // The API key's owner. SET NULL: deleting a user keeps the history it reported.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    deviceCode: varchar('device_code', { length: 64 }).notNull(),
    // RESTRICT on both: a location or tone sequence with requests answers 409 on delete.
    toneSequenceId: requiredRef('tone_sequence_id', () => toneSequences.id, 'restrict'),
    // Copied from the tone sequence at ingestion so location filters need no join.
    locationId: requiredRef('location_id', () => locations.id, 'restrict'),
    toneCode: varchar('tone_code', { length: 16 }).notNull(),
    platform: varchar('platform', { length: 10, enum: PLATFORMS }).notNull(),
    deviceModel: varchar('device_model', { length: 100 }),
    osVersion: varchar('os_version', { length: 50 }),
    appVersion: varchar('app_version', { length: 50 }),
    requestedAt: timestamptz('requested_at').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    // What the list's search reads: device code, tone code and model, lower-cased once on write so a
    // search is a LIKE of a lower-cased term (ILIKE lower-cased every candidate row on every read:
    // 6.0 ms against 2.4 for 10,001 rows). The database computes it; nothing writes it.
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(device_code || ' ' || tone_code || ' ' || coalesce(device_model, ''))`),
  },
  (t) => [
    // Idempotency: one event id per key owner; INSERT ... ON CONFLICT DO NOTHING counts duplicates.
    unique('user_requests_user_event_uq').on(t.userId, t.eventId),
    // (requested_at, id): the recents and the list order by both; ties on the time need no sort.
    index('user_requests_requested_at_idx').on(t.requestedAt, t.id),
    index('user_requests_location_requested_idx').on(t.locationId, t.requestedAt),
    index('user_requests_platform_requested_idx').on(t.platform, t.requestedAt),
    index('user_requests_device_requested_idx').on(t.deviceCode, t.requestedAt),
    index('user_requests_tone_sequence_idx').on(t.toneSequenceId),
    // (sort column, id) for each own column the list sorts by (see users.ts): a page is an
    // index-only read of its ids. locationName and toneSequenceName sort by a joined table.
    index('user_requests_received_at_idx').on(t.receivedAt, t.id),
    index('user_requests_device_code_idx').on(t.deviceCode, t.id),
    index('user_requests_tone_code_idx').on(t.toneCode, t.id),
    index('user_requests_platform_idx').on(t.platform, t.id),
    index('user_requests_device_model_idx').on(t.deviceModel, t.id),
    index('user_requests_os_version_idx').on(t.osVersion, t.id),
    index('user_requests_app_version_idx').on(t.appVersion, t.id),
    // The list's search (LIKE '%term%' over the lower-cased search text).
    trigramIndex('user_requests_search_trgm_idx', t.searchText),
  ],
);

/** The owner of device rows whose requests came without a known API key owner (seeded, or legacy rows of a deleted user). */
export const NO_DEVICE_OWNER = 0;

/**
 * One row per (API key owner, device code), upserted by each ingested batch: one owner's reports
 * never overwrite another owner's row (issue 14, finding 7). GET /user-request/device-code sums a
 * code's rows (docs/interfaces.md).
 */
export const devices = pgTable(
  'devices',
  {
    deviceCode: varchar('device_code', { length: 64 }).notNull(),
    // The API key's user id when it reported (NO_DEVICE_OWNER when none). Not a foreign key on purpose:
    // deleting a user keeps its devices' history as user_requests does (SET NULL there), which SET NULL
    // cannot do in a primary key; identity ids are never reused, so a stale id names nobody else.
    userId: integer('user_id').notNull(),
    firstSeen: timestamptz('first_seen').notNull(),
    lastSeen: timestamptz('last_seen').notNull(),
    requests: bigint('requests', { mode: 'number' }).notNull().default(0),
    // The latest values the device reported to this owner.
    platform: varchar('platform', { length: 10, enum: PLATFORMS }).notNull(),
    deviceModel: varchar('device_model', { length: 100 }),
    osVersion: varchar('os_version', { length: 50 }),
    appVersion: varchar('app_version', { length: 50 }),
  },
  (t) => [
    // Code first: the same index serves the ingestion upsert and the device-details read by code.
    primaryKey({ name: 'devices_pk', columns: [t.deviceCode, t.userId] }),
    index('devices_last_seen_idx').on(t.lastSeen),
  ],
);

/**
 * Rollups kept by ingestion (one upsert per batch, counts aggregated in the statement), so the
 * dashboards never scan user_requests: their size grows with days x locations x platforms, not
 * with requests. Per-day by location and platform answers requestsPerDay, byPlatform and
 * byLocation for any date range; the two totals tables answer all-time figures in a few rows.
 * CASCADE: rollups are derived; a location can only go once its requests are gone (RESTRICT above).
 */
export const userRequestDaily = pgTable(
  'user_request_daily',
  {
    day: date('day').notNull(),
    locationId: requiredRef('location_id', () => locations.id, 'cascade'),
    platform: varchar('platform', { length: 10, enum: PLATFORMS }).notNull(),
    requests: bigint('requests', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'user_request_daily_pk', columns: [t.day, t.locationId, t.platform] }),
    index('user_request_daily_location_day_idx').on(t.locationId, t.day),
  ],
);

export const userRequestLocationTotals = pgTable('user_request_location_totals', {
  locationId: integer('location_id')
    .primaryKey()
    .references(() => locations.id, { onDelete: 'cascade' }),
  requests: bigint('requests', { mode: 'number' }).notNull().default(0),
  lastRequestAt: timestamptz('last_request_at'),
});

/**
 * How many devices exist, i.e. (owner, device code) rows, kept by ingestion as it creates them (one
 * row, id 1): counting the devices table on every dashboard view would grow with the fleet.
 */
export const deviceTotals = pgTable(
  'device_totals',
  {
    id: smallint('id').primaryKey(),
    devices: bigint('devices', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('device_totals_one_row_ck', sql`${t.id} = 1`)],
);

export const userRequestPlatformTotals = pgTable('user_request_platform_totals', {
  platform: varchar('platform', { length: 10, enum: PLATFORMS }).primaryKey(),
  requests: bigint('requests', { mode: 'number' }).notNull().default(0),
});
