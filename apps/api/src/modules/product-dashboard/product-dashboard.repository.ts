import { and, desc, eq, gt, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, companies, roles, sessions, users } from '../../db/schema/index.js';
import { oneRow } from '../../lib/rows.js';

/** Audit actions that change something (denials and exports are not "changes"). */
const CHANGE_ACTIONS = ['create', 'update', 'delete', 'grant', 'regenerate-key', 'end-session'] as const;

export type LiveSessionBounds = { now: Date; idleSince: Date; rememberIdleSince: Date };

const count = (q: ReturnType<typeof sql>) => sql<number>`(${q})`.mapWith(Number);

/**
 * The product dashboard's figures: three aggregate queries that the service runs in parallel.
 * Every bound that depends on time is passed in (from the app clock), never read from now().
 */
export function createProductDashboardRepository(db: Db) {
  return {
    /** All counters in one round trip (each a count(*) the planner answers from an index or a small table). */
    async counters(b: LiveSessionBounds) {
      const live = and(
        isNull(sessions.endedAt),
        gt(sessions.expiresAt, b.now),
        or(
          and(eq(sessions.rememberMe, false), gte(sessions.lastSeenAt, b.idleSince)),
          and(eq(sessions.rememberMe, true), gte(sessions.lastSeenAt, b.rememberIdleSince)),
        ),
      );
      const [row] = await db
        .select({
          companies: count(sql`select count(*) from ${companies}`),
          users: count(sql`select count(*) from ${users}`),
          activeUsers: count(sql`select count(*) from ${users} where ${users.status} = 'active'`),
          roles: count(sql`select count(*) from ${roles}`),
          activeSessions: count(sql`select count(*) from ${sessions} where ${live}`),
        })
        .from(sql`(select 1) as one`);
      return oneRow(row);
    },

    /**
     * Sign-ins (sessions started) per calendar day in `timeZone`, for the `days` days ending with
     * the day of `now`, zero days included. Each day is a range on started_at (index-served).
     */
    async signInsPerDay(now: Date, timeZone: string, days: number) {
      const result = await db.execute(sql`
        with bounds as (
          select (${now.toISOString()}::timestamptz at time zone ${timeZone})::date as today
        ), days as (
          select generate_series(today - ${days - 1}::int, today, interval '1 day')::timestamp as day from bounds
        )
        select to_char(days.day, 'YYYY-MM-DD') as date, count(${sessions.id})::int as count
        from days
        left join ${sessions}
          on ${sessions.startedAt} >= (days.day at time zone ${timeZone})
         and ${sessions.startedAt} < ((days.day + interval '1 day') at time zone ${timeZone})
        group by days.day
        order by days.day`);
      // Both drivers answer execute() with { rows }.
      const rows = (result as unknown as { rows: { date: string; count: number | string }[] }).rows;
      return rows.map((r) => ({ date: r.date, count: Number(r.count) }));
    },

    async recentChanges(limit: number) {
      return db
        .select({
          id: auditLog.id,
          action: auditLog.action,
          entity: auditLog.entity,
          entityId: auditLog.entityId,
          actorName: sql<string | null>`nullif(trim(${users.firstname} || ' ' || ${users.lastname}), '')`,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(inArray(auditLog.action, [...CHANGE_ACTIONS]))
        .orderBy(desc(auditLog.id))
        .limit(limit);
    },
  };
}
