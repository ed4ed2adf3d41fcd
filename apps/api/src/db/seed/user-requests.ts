import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { locations, NO_DEVICE_OWNER, toneSequences } from '../schema/index.js';

/** Locations and tone sequences made when the database has none, so user requests have somewhere to point. */
const DEMO_VENUES = [
  {
    name: 'Brussels Central Station',
    city: 'Brussels',
    country: 'BE',
    latitude: 50.8454,
    longitude: 4.357,
    codes: ['BRU-CS-01', 'BRU-CS-02'],
  },
  { name: 'Antwerp Zoo', city: 'Antwerp', country: 'BE', latitude: 51.2168, longitude: 4.4231, codes: ['ANR-ZOO-01', 'ANR-ZOO-02'] },
  { name: 'Ghent Design Museum', city: 'Ghent', country: 'BE', latitude: 51.0559, longitude: 3.7208, codes: ['GNT-DM-01'] },
];

const count = async (db: Db, query: ReturnType<typeof sql>) =>
  Number(((await db.execute(query)) as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);

/** Whatever active tone sequences exist; when there are none, 3 demo locations with 5 sequences. */
async function ensureToneSequences(db: Db): Promise<number> {
  const existing = await count(db, sql`select count(*) as n from tone_sequences where status = 'active'`);
  if (existing > 0) return existing;
  for (const v of DEMO_VENUES) {
    const [loc] = await db
      .insert(locations)
      .values({ name: v.name, city: v.city, country: v.country, latitude: v.latitude, longitude: v.longitude })
      .returning({ id: locations.id });
    if (!loc) continue;
    await db
      .insert(toneSequences)
      .values(v.codes.map((code, i) => ({ name: `${v.name} ${i + 1}`, code, locationId: loc.id })))
      .onConflictDoNothing();
  }
  return count(db, sql`select count(*) as n from tone_sequences where status = 'active'`);
}

export type BulkOptions = {
  /** Distinct device codes the rows spread over. */
  devices?: number;
  /** Rows are spread over this many days before now. */
  days?: number;
  /** Rows per INSERT statement (progress is reported between them). */
  chunk?: number;
  onProgress?(done: number, total: number): void;
};

/**
 * Adds `total` user requests in SQL (generate_series: no rows travel through Node), spread over
 * the active tone sequences, `devices` device codes and the last `days` days, then rebuilds the
 * rollups and devices from the table. Each device keeps one platform and model. Offline use only
 * (seed, benches): ingestion running at the same time would be missed by the rebuild.
 */
export async function seedBulkUserRequests(db: Db, total: number, options: BulkOptions = {}) {
  const devices = Math.max(1, options.devices ?? Math.min(50_000, Math.max(10, Math.round(total / 40))));
  const days = options.days ?? 30;
  const chunk = options.chunk ?? 250_000;
  await ensureToneSequences(db);
  for (let from = 1; from <= total; from += chunk) {
    const to = Math.min(total, from + chunk - 1);
    await db.execute(sql`
      with s as (
        select array_agg(id order by id) as ids, array_agg(location_id order by id) as locs, array_agg(code order by id) as codes
        from tone_sequences where status = 'active'
      )
      insert into user_requests (event_id, user_id, device_code, tone_sequence_id, location_id, tone_code, platform,
        device_model, os_version, app_version, requested_at, received_at)
      select gen_random_uuid(), null, 'DEV-' || lpad(d::text, 6, '0'),
        s.ids[1 + (g % cardinality(s.ids))], s.locs[1 + (g % cardinality(s.ids))], s.codes[1 + (g % cardinality(s.ids))],
        case when p < 55 then 'android' when p < 90 then 'ios' when p < 98 then 'web' else 'other' end,
        case when p < 55 then (array['Pixel 8', 'Galaxy S24', 'Redmi Note 13', 'Moto G84'])[1 + d % 4]
             when p < 90 then (array['iPhone 13', 'iPhone 15', 'iPhone 15 Pro', 'iPad Air'])[1 + d % 4]
             when p < 98 then 'Chrome' else 'Kiosk' end,
        case when p < 55 then (array['13', '14', '15'])[1 + d % 3]
             when p < 90 then (array['17.5', '18.1', '18.2'])[1 + d % 3] else null end,
        (array['2.3.0', '2.3.1', '2.4.0'])[1 + d % 3],
        t.at, t.at
      from s, generate_series(${from}::int, ${to}::int) as g,
        lateral (select ((g::bigint * 7919) % ${devices}::int)::int as d) as dev,
        -- The device's platform share (55 % Android, 35 % iOS, 8 % web, 2 % other), spread over the
        -- device numbers so that a few devices get them all too.
        lateral (select ((d::bigint * 37) % 100)::int as p) as share,
        -- In arrival order, as ingestion stores them, up to six hours late (a device that was
        -- offline), all inside the window of days asked for: the newest-first pages read a real table's
        -- few heap pages, not one per row.
        lateral (select now() - (${total}::int - g) * ((${days}::int * interval '1 day' - interval '6 hours') / ${total}::int)
          - random() * interval '6 hours' as at) as t`);
    options.onProgress?.(to, total);
  }
  await rebuildUserRequestRollups(db);
}

/** Recomputes devices, their count and the three rollups from user_requests (what ingestion keeps incrementally). */
async function rebuildUserRequestRollups(db: Db) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from user_request_daily`);
    await tx.execute(sql`delete from user_request_location_totals`);
    await tx.execute(sql`delete from user_request_platform_totals`);
    await tx.execute(sql`delete from devices`);
    await tx.execute(sql`delete from device_totals`);
    await tx.execute(sql`
      insert into user_request_daily (day, location_id, platform, requests)
      select (requested_at at time zone 'UTC')::date, location_id, platform, count(*) from user_requests group by 1, 2, 3`);
    await tx.execute(sql`
      insert into user_request_location_totals (location_id, requests, last_request_at)
      select location_id, count(*), max(requested_at) from user_requests group by 1`);
    await tx.execute(sql`
      insert into user_request_platform_totals (platform, requests) select platform, count(*) from user_requests group by 1`);
    // One device per (key owner, code), as ingestion keeps them; requests without an owner (these
    // seeded ones) go to NO_DEVICE_OWNER. Inlined, not a parameter: DISTINCT ON must repeat the
    // ORDER BY expression exactly, and a CTE read twice would be materialised (millions of rows).
    const owner = sql.raw(`coalesce(user_id, ${Number(NO_DEVICE_OWNER)})`);
    await tx.execute(sql`
      insert into devices (device_code, user_id, first_seen, last_seen, requests, platform, device_model, os_version, app_version)
      select g.device_code, g.owner, g.first_seen, g.last_seen, g.n, l.platform, l.device_model, l.os_version, l.app_version
      from (select device_code, ${owner} as owner, min(requested_at) as first_seen, max(requested_at) as last_seen, count(*) as n
            from user_requests group by 1, 2) g
      join (select distinct on (device_code, ${owner}) device_code, ${owner} as owner, platform, device_model, os_version, app_version
            from user_requests order by device_code, ${owner}, requested_at desc) l
        on l.device_code = g.device_code and l.owner = g.owner`);
    await tx.execute(sql`insert into device_totals (id, devices) select 1, count(*) from devices`);
  });
}

/** SEED_DEMO: a few hundred requests over the last 30 days, so the dashboards are alive. */
export async function seedDemoUserRequests(db: Db) {
  if ((await count(db, sql`select count(*) as n from user_requests`)) > 0) return;
  await seedBulkUserRequests(db, 400, { devices: 25, days: 30 });
}
