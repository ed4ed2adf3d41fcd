import type { Platform } from '@console/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

type Rows<T> = { rows: T[] };
const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<T>).rows;

/**
 * Every figure here reads the rollups ingestion keeps (user_request_daily, *_totals,
 * device_totals), never user_requests or devices: their size grows with days x locations x platforms, so a page view costs
 * the same at ten thousand requests as at ten million. Day series are filled with zeros in SQL.
 */
export function createToneHomeRepository(db: Db) {
  return {
    async totals(today: string) {
      const [row] = await rows<{
        locations: number;
        tone_sequences: number;
        user_requests: number;
        devices: number;
        requests_today: number;
      }>(
        db,
        sql`select
          (select count(*) from locations)::int as locations,
          (select count(*) from tone_sequences)::int as tone_sequences,
          (select coalesce(sum(requests), 0) from user_request_platform_totals)::bigint as user_requests,
          (select coalesce(sum(devices), 0) from device_totals)::bigint as devices,
          (select coalesce(sum(requests), 0) from user_request_daily where day = ${today}::date)::bigint as requests_today`,
      );
      return {
        locations: Number(row?.locations ?? 0),
        toneSequences: Number(row?.tone_sequences ?? 0),
        userRequests: Number(row?.user_requests ?? 0),
        devices: Number(row?.devices ?? 0),
        requestsToday: Number(row?.requests_today ?? 0),
      };
    },

    /** `days` UTC days ending today, oldest first, each present. */
    async requestsPerDay(today: string, days: number) {
      const found = await rows<{ date: string; count: number }>(
        db,
        sql`select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(sum(r.requests), 0)::bigint as count
          from generate_series(${today}::date - ${days - 1}::int, ${today}::date, interval '1 day') as d(day)
          left join user_request_daily r on r.day = d.day::date
          group by d.day order by d.day`,
      );
      return found.map((r) => ({ date: r.date, count: Number(r.count) }));
    },

    async topLocations(limit: number) {
      const found = await rows<{ id: number; name: string; requests: number }>(
        db,
        sql`select l.id, l.name, t.requests from user_request_location_totals t
          join locations l on l.id = t.location_id
          where t.requests > 0 order by t.requests desc, l.id limit ${limit}`,
      );
      return found.map((r) => ({ id: Number(r.id), name: r.name, requests: Number(r.requests) }));
    },

    async byPlatform(today: string, days: number) {
      const found = await rows<{ platform: Platform; count: number }>(
        db,
        sql`select platform, sum(requests)::bigint as count from user_request_daily
          where day > ${today}::date - ${days}::int and day <= ${today}::date
          group by platform order by count desc, platform`,
      );
      return found.map((r) => ({ platform: r.platform, count: Number(r.count) }));
    },

    async byLocation(today: string, days: number) {
      const found = await rows<{ id: number; name: string; count: number }>(
        db,
        sql`select l.id, l.name, sum(r.requests)::bigint as count from user_request_daily r
          join locations l on l.id = r.location_id
          where r.day > ${today}::date - ${days}::int and r.day <= ${today}::date
          group by l.id, l.name order by count desc, l.id`,
      );
      return found.map((r) => ({ id: Number(r.id), name: r.name, count: Number(r.count) }));
    },
  };
}
