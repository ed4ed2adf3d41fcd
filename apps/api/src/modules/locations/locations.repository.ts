import { type Location, locationsResource } from '@console/contract';
import { eq, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../../db/client.js';
import { clients, locations, toneSequences, userRequestLocationTotals, userRequests } from '../../db/schema/index.js';
import { defineList } from '../../lib/list-query.js';
import { defineStore, equalityFilters, isoTimestamps, listFrom, sortFieldsOf } from '../../lib/resource/index.js';

// Aliased so the outer "locations"."id" is never read as the inner table's id.
const sequenceCount = sql<number>`(select count(*) from "tone_sequences" as "ts" where "ts"."location_id" = "locations"."id")`.mapWith(
  Number,
);
// The ingestion rollup, not a count over user_requests: the list stays cheap at millions of requests.
const requestCount = sql<number>`coalesce(${userRequestLocationTotals.requests}, 0)`.mapWith(Number);

const fields = {
  id: locations.id,
  name: locations.name,
  address: locations.address,
  city: locations.city,
  country: locations.country,
  latitude: locations.latitude,
  longitude: locations.longitude,
  clientId: locations.clientId,
  clientName: clients.name,
  status: locations.status,
  toneSequences: sequenceCount,
  userRequests: requestCount,
  createdAt: locations.createdAt,
  updatedAt: locations.updatedAt,
};

const toLocation = (r: SelectResultFields<typeof fields>): Location => ({
  ...r,
  toneSequences: Number(r.toneSequences),
  userRequests: Number(r.userRequests),
  ...isoTimestamps(r),
});

/** GET /locations and its export. */
export const locationsList = defineList({
  fields,
  from: listFrom(
    locations,
    ['left', clients, eq(clients.id, locations.clientId)],
    ['left', userRequestLocationTotals, eq(userRequestLocationTotals.locationId, locations.id)],
  ),
  id: locations.id,
  sortFields: sortFieldsOf(fields, locationsResource.list.sortFields, {
    // Left-joined: a location without a client has none.
    clientName: { expr: clients.name, nullable: true },
    toneSequences: { expr: sequenceCount, nullable: false },
    userRequests: { expr: requestCount, nullable: false },
  }),
  defaultSort: { field: 'createdAt', order: 'desc' },
  search: [locations.name, locations.address, locations.city, locations.country],
  toDto: toLocation,
});

export const locationListFilters = equalityFilters({ status: locations.status, clientId: locations.clientId });

/** Unique name (ignoring case); a location with tone sequences or user requests is in use. */
export const locationsStore = defineStore({
  table: locations,
  id: locations.id,
  list: locationsList,
  uniqueName: locations.name,
  usages: [
    { table: toneSequences, column: toneSequences.locationId },
    { table: userRequests, column: userRequests.locationId },
  ],
});

export async function clientExists(db: Db, id: number): Promise<boolean> {
  return (await db.select({ id: clients.id }).from(clients).where(eq(clients.id, id)).limit(1)).length > 0;
}

/** What blocks a delete, counted apart: the 409 names each and the way forward differs (locationInUseMessage). */
export async function locationUsage(db: Db, id: number): Promise<{ toneSequences: number; userRequests: number }> {
  const count = sql<number>`count(*)`.mapWith(Number);
  const [seq] = await db.select({ n: count }).from(toneSequences).where(eq(toneSequences.locationId, id));
  const [req] = await db.select({ n: count }).from(userRequests).where(eq(userRequests.locationId, id));
  return { toneSequences: seq?.n ?? 0, userRequests: req?.n ?? 0 };
}
