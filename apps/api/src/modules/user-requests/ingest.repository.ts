import { actionValueError, type IngestContent, type Platform } from '@console/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clients, manageActions, media, toneSequences } from '../../db/schema/index.js';

export type IngestRow = {
  eventId: string;
  deviceCode: string;
  toneSequenceId: number;
  locationId: number;
  toneCode: string;
  platform: Platform;
  deviceModel: string | null;
  osVersion: string | null;
  appVersion: string | null;
  requestedAt: string;
};

type Rows<T> = { rows: T[] };

/** Active tone sequences by code (what a device may report). */
export async function toneSequencesByCode(db: Db, codes: string[]) {
  if (codes.length === 0) return new Map<string, { id: number; locationId: number }>();
  const rows = await db
    .select({ id: toneSequences.id, code: toneSequences.code, locationId: toneSequences.locationId })
    .from(toneSequences)
    .where(and(inArray(toneSequences.code, codes), eq(toneSequences.status, 'active')));
  return new Map(rows.map((r) => [r.code, { id: r.id, locationId: r.locationId }]));
}

/**
 * Stores a batch in ONE statement: the multi-row insert (ON CONFLICT DO NOTHING on (user, event
 * id), so a replayed event is a duplicate, stored once) and, from exactly the rows it inserted,
 * the upsert of the key owner's devices (with the count of devices it created) and the three rollups, each one
 * upsert of grouped counts. Data-modifying
 * CTEs all run to completion in the statement's snapshot, so the rollups can never drift from
 * the rows, whatever batches run at the same time. Groups are upserted in key order, so two
 * concurrent batches lock shared rollup rows in the same order and cannot deadlock.
 * Returns how many rows were new (the rest were duplicates): a count, not the 1000 event ids.
 */
export async function insertBatch(db: Db, userId: number, rows: IngestRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const payload = JSON.stringify(
    rows.map((r) => ({
      event_id: r.eventId,
      device_code: r.deviceCode,
      tone_sequence_id: r.toneSequenceId,
      location_id: r.locationId,
      tone_code: r.toneCode,
      platform: r.platform,
      device_model: r.deviceModel,
      os_version: r.osVersion,
      app_version: r.appVersion,
      requested_at: r.requestedAt,
    })),
  );
  const result = (await db.execute(sql`
    with input as (
      -- json, not jsonb: the text is read once, so building jsonb's binary form first only costs
      -- (a third of the decoding time of a 1000-row batch, issue 17).
      select * from json_to_recordset(${payload}::json) as x(
        event_id uuid, device_code varchar, tone_sequence_id int, location_id int, tone_code varchar,
        platform varchar, device_model varchar, os_version varchar, app_version varchar, requested_at timestamptz)
    ),
    ins as (
      insert into user_requests (event_id, user_id, device_code, tone_sequence_id, location_id, tone_code, platform,
        device_model, os_version, app_version, requested_at)
      select event_id, ${userId}, device_code, tone_sequence_id, location_id, tone_code, platform,
        device_model, os_version, app_version, requested_at
      from input
      on conflict (user_id, event_id) do nothing
      returning event_id, device_code, location_id, platform, device_model, os_version, app_version, requested_at
    ),
    latest as (
      -- The device's newest report in this batch carries its current platform, model and versions.
      select distinct on (device_code) device_code, platform, device_model, os_version, app_version, requested_at
      from ins order by device_code, requested_at desc
    ),
    dev as (
      -- Keyed by (code, this key's owner): another owner's row with the same code is never touched.
      insert into devices (device_code, user_id, first_seen, last_seen, requests, platform, device_model, os_version, app_version)
      select g.device_code, ${userId}::int, g.first_seen, g.last_seen, g.n, l.platform, l.device_model, l.os_version, l.app_version
      from (select device_code, min(requested_at) as first_seen, max(requested_at) as last_seen, count(*) as n
            from ins group by device_code) g
      join latest l on l.device_code = g.device_code
      order by g.device_code
      on conflict (device_code, user_id) do update set
        first_seen = least(devices.first_seen, excluded.first_seen),
        last_seen = greatest(devices.last_seen, excluded.last_seen),
        requests = devices.requests + excluded.requests,
        platform = case when excluded.last_seen >= devices.last_seen then excluded.platform else devices.platform end,
        device_model = case when excluded.last_seen >= devices.last_seen then excluded.device_model else devices.device_model end,
        os_version = case when excluded.last_seen >= devices.last_seen then excluded.os_version else devices.os_version end,
        app_version = case when excluded.last_seen >= devices.last_seen then excluded.app_version else devices.app_version end
      -- xmax is 0 on a row this statement inserted (not on one it updated): the batch's new devices.
      returning (xmax = 0) as created
    ),
    devn as (
      insert into device_totals (id, devices)
      select 1, count(*) from dev where created having count(*) > 0
      on conflict (id) do update set devices = device_totals.devices + excluded.devices
      returning 1
    ),
    daily as (
      insert into user_request_daily (day, location_id, platform, requests)
      select (requested_at at time zone 'UTC')::date, location_id, platform, count(*)
      from ins group by 1, 2, 3 order by 1, 2, 3
      on conflict (day, location_id, platform) do update set requests = user_request_daily.requests + excluded.requests
      returning 1
    ),
    loc as (
      insert into user_request_location_totals (location_id, requests, last_request_at)
      select location_id, count(*), max(requested_at) from ins group by location_id order by location_id
      on conflict (location_id) do update set
        requests = user_request_location_totals.requests + excluded.requests,
        last_request_at = greatest(user_request_location_totals.last_request_at, excluded.last_request_at)
      returning 1
    ),
    plat as (
      insert into user_request_platform_totals (platform, requests)
      select platform, count(*) from ins group by platform order by platform
      on conflict (platform) do update set requests = user_request_platform_totals.requests + excluded.requests
      returning 1
    )
    -- Every data-modifying CTE runs whether or not the final select reads it.
    select count(*)::int as inserted from ins`)) as unknown as Rows<{ inserted: number }>;
  return result.rows[0]?.inserted ?? 0;
}

/**
 * What each tone code triggers: an active manage-action first; else an active campaign media
 * running today (dates inclusive, open ends allowed); else an active demo media. Only content of an
 * active client is answered: deactivating a client withdraws all it shows. The oldest row wins when
 * several match, so the answer is stable. Tone codes are global and DESIGN gives content no tenancy,
 * so any key's devices get the content of any client's code (docs/interfaces.md).
 */
export async function contentByCode(db: Db, codes: string[], today: string): Promise<Map<string, IngestContent>> {
  const found = new Map<string, IngestContent>();
  if (codes.length === 0) return found;
  const actions = await db
    .select({
      id: manageActions.id,
      toneCode: manageActions.toneCode,
      name: manageActions.name,
      actionType: manageActions.actionType,
      value: manageActions.value,
    })
    .from(manageActions)
    .innerJoin(clients, eq(clients.id, manageActions.clientId))
    .where(and(inArray(manageActions.toneCode, codes), eq(manageActions.status, 'active'), eq(clients.status, 'active')))
    .orderBy(asc(manageActions.id));
  for (const a of actions) {
    // Defence in depth: a value stored before today's rules (a `javascript:` deep link) is not delivered.
    if (actionValueError(a.actionType, a.value) !== undefined) continue;
    if (a.toneCode && !found.has(a.toneCode))
      found.set(a.toneCode, { kind: 'manage-action', id: a.id, name: a.name, actionType: a.actionType, value: a.value });
  }
  const rest = codes.filter((c) => !found.has(c));
  if (rest.length === 0) return found;
  const items = await db
    .select({
      id: media.id,
      kind: media.kind,
      toneCode: media.toneCode,
      title: media.title,
      description: media.description,
      mediaType: media.mediaType,
      file: media.file,
      thumbnail: media.thumbnail,
      mimeType: media.mimeType,
    })
    .from(media)
    .innerJoin(clients, eq(clients.id, media.clientId))
    .where(
      and(
        inArray(media.toneCode, rest),
        eq(media.status, 'active'),
        eq(clients.status, 'active'),
        sql`(${media.kind} <> 'campaign' or ((${media.startDate} is null or ${media.startDate} <= ${today}::date)
          and (${media.endDate} is null or ${media.endDate} >= ${today}::date)))`,
      ),
    )
    // Campaign media before demo media, then the oldest.
    .orderBy(sql`case when ${media.kind} = 'campaign' then 0 else 1 end`, asc(media.id));
  for (const m of items) {
    if (!m.toneCode || found.has(m.toneCode)) continue;
    found.set(m.toneCode, {
      kind: m.kind === 'campaign' ? 'campaign-media' : 'demo-media',
      id: m.id,
      title: m.title,
      description: m.description,
      mediaType: m.mediaType,
      file: m.file,
      thumbnail: m.thumbnail,
      mimeType: m.mimeType,
    });
  }
  return found;
}
