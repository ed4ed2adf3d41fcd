import { type DeviceSummary, type Platform, type UserRequest, userRequestsResource } from '@console/contract';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../../db/client.js';
import { devices, locations, toneSequences, userRequests } from '../../db/schema/index.js';
import { dateRangeFilters } from '../../lib/date-range.js';
import { keptRowCount } from '../../lib/list-page.js';
import { defineList, type Filter } from '../../lib/list-query.js';
import { equalityFilters, isoText, listFrom, sortFieldsOf } from '../../lib/resource/index.js';

const fields = {
  id: userRequests.id,
  eventId: userRequests.eventId,
  deviceCode: userRequests.deviceCode,
  locationId: userRequests.locationId,
  locationName: locations.name,
  toneSequenceId: userRequests.toneSequenceId,
  toneSequenceName: toneSequences.name,
  toneCode: userRequests.toneCode,
  platform: userRequests.platform,
  deviceModel: userRequests.deviceModel,
  osVersion: userRequests.osVersion,
  appVersion: userRequests.appVersion,
  // As ISO text from the database: no Date per row and cell (lib/resource/list-fields.ts isoText).
  requestedAt: isoText(userRequests.requestedAt),
  receivedAt: isoText(userRequests.receivedAt),
};
type Raw = SelectResultFields<typeof fields>;

/** The export writes flat rows; the API row nests the location and the tone sequence. */
type UserRequestExportRow = UserRequest & { locationName: string; toneSequenceName: string; toneCode: string };

const toUserRequest = (r: Raw): UserRequestExportRow => ({
  id: Number(r.id),
  eventId: r.eventId,
  deviceCode: r.deviceCode,
  location: { id: r.locationId, name: r.locationName },
  toneSequence: { id: r.toneSequenceId, name: r.toneSequenceName, code: r.toneCode },
  platform: r.platform as Platform,
  deviceModel: r.deviceModel,
  osVersion: r.osVersion,
  appVersion: r.appVersion,
  requestedAt: r.requestedAt,
  receivedAt: r.receivedAt,
  locationName: r.locationName,
  toneSequenceName: r.toneSequenceName,
  toneCode: r.toneCode,
});

/**
 * GET /user-request, /user-request/device-code and the export: newest first. A page's ids come from
 * user_requests alone (its (column, id) indexes; filters and search read its own columns), then
 * 500 rows get their location and tone names; the names' sorts need the joins.
 */
export const userRequestsList = defineList({
  fields,
  from: listFrom(
    userRequests,
    ['inner', locations, eq(locations.id, userRequests.locationId)],
    ['inner', toneSequences, eq(toneSequences.id, userRequests.toneSequenceId)],
  ),
  idsFrom: listFrom(userRequests),
  id: userRequests.id,
  sortFields: sortFieldsOf(fields, userRequestsResource.list.sortFields, {
    locationName: { expr: locations.name, nullable: false, joined: true },
    toneSequenceName: { expr: toneSequences.name, nullable: false, joined: true },
  }),
  defaultSort: { field: 'requestedAt', order: 'desc' },
  // Device code, tone code and model, lower-cased by the database (user_requests_search_trgm_idx serves it).
  search: [{ lowerCased: userRequests.searchText }],
  rowCount: keptRowCount('user_requests'),
  toDto: toUserRequest,
});

type UserRequestFilterQuery = { locationId?: number; platform?: Platform; from?: string; to?: string; timeZone?: string };

const equalTo = equalityFilters({ locationId: userRequests.locationId, platform: userRequests.platform });

export const userRequestListFilters = (q: UserRequestFilterQuery): Filter[] => [
  ...equalTo(q),
  ...dateRangeFilters(userRequests.requestedAt, q.from, q.to, q.timeZone),
];

export const deviceFilter = (deviceCode: string): Filter => eq(userRequests.deviceCode, deviceCode);

/**
 * The device-details summary of a code: its rows are one per API key owner (ingestion never lets one
 * owner's report touch another's row), and the screen is by code, so it spans them: first seen =
 * min, last seen = max, requests = sum (= the list's total), platform, model and versions from the
 * row seen last. A code has a row per owner that reported it: a handful, read by the primary key.
 */
export async function deviceSummary(db: Db, deviceCode: string): Promise<DeviceSummary | null> {
  const rows = await db
    .select()
    .from(devices)
    .where(eq(devices.deviceCode, deviceCode))
    .orderBy(desc(devices.lastSeen), asc(devices.userId));
  const newest = rows[0];
  if (!newest) return null;
  const firstSeen = rows.reduce((min, r) => (r.firstSeen < min ? r.firstSeen : min), newest.firstSeen);
  return {
    deviceCode: newest.deviceCode,
    firstSeen: firstSeen.toISOString(),
    lastSeen: newest.lastSeen.toISOString(),
    requests: rows.reduce((sum, r) => sum + Number(r.requests), 0),
    platform: newest.platform as Platform,
    deviceModel: newest.deviceModel,
    osVersion: newest.osVersion,
    appVersion: newest.appVersion,
  };
}

/**
 * The latest requests (home recents). The limit is applied to user_requests alone first, so the
 * requested_at index is read backwards for `limit` rows; joined afterwards, the planner could
 * otherwise hash-join the whole table and sort it (measured: p50 grew with the table).
 */
export async function latestRequests(db: Db, limit: number): Promise<UserRequest[]> {
  const ids = (
    await db.select({ id: userRequests.id }).from(userRequests).orderBy(desc(userRequests.requestedAt), desc(userRequests.id)).limit(limit)
  ).map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await userRequestsList.definition
    .from(db, fields)
    .where(inArray(userRequests.id, ids))
    .orderBy(desc(userRequests.requestedAt), desc(userRequests.id));
  return (rows as Raw[]).map((r) => {
    const { locationName: _l, toneSequenceName: _t, toneCode: _c, ...row } = toUserRequest(r);
    return row;
  });
}
