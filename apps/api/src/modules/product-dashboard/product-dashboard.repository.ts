import { and, desc, eq, gt, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { auditLog, companies, roles, sessions, users } from '../../db/schema/index.js';
import { oneRow } from '../../lib/rows.js';

/** Audit actions that change something (denials and exports are not "changes"). */
// The users service writes 'regenerate-api-key'; 'regenerate-key' is the name in the contract's AUDIT_ACTIONS.
const CHANGE_ACTIONS = ['create', 'update', 'delete', 'grant', 'regenerate-key', 'regenerate-api-key', 'end-session'] as const;

export type LiveSessionBounds = { now: Date; idleSince: Date; rememberIdleSince: Date };

const count = (q: ReturnType<typeof sql>) => sql<number>`(${q})`.mapWith(Number);

const targetUser = alias(users, 'target_user');
const targetCompany = alias(companies, 'target_company');
const targetRole = alias(roles, 'target_role');
const snapshot = (field: string) => sql`coalesce(${auditLog.after} ->> ${field}, ${auditLog.before} ->> ${field})`;

/**
 * The changed thing's name for the feed: from the row's own snapshot (the name at the time, which
 * outlives a delete), else the entity as it is now (entries such as a key regeneration keep no name).
 */
const targetName = sql<string | null>`coalesce(
  nullif(trim(${snapshot('name')}), ''),
  nullif(trim(concat_ws(' ', ${snapshot('firstname')}, ${snapshot('lastname')})), ''),
  nullif(trim(${targetUser.firstname} || ' ' || ${targetUser.lastname}), ''),
  ${targetCompany.name},
  ${targetRole.name}
)`;
const targets = (entities: string[]) =>
  sql`${auditLog.entity} in (${sql.join(
    entities.map((e) => sql`${e}`),
    sql`, `,
  )})`;

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
      return (
        db
          .select({
            id: auditLog.id,
            action: auditLog.action,
            entity: auditLog.entity,
            entityId: auditLog.entityId,
            actorName: sql<string | null>`nullif(trim(${users.firstname} || ' ' || ${users.lastname}), '')`,
            targetName,
            createdAt: auditLog.createdAt,
          })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          // entity_id is text (some entities have uuid ids); ids compare as text.
          .leftJoin(targetUser, and(targets(['user', 'profile']), sql`${targetUser.id}::text = ${auditLog.entityId}`))
          .leftJoin(targetCompany, and(targets(['company']), sql`${targetCompany.id}::text = ${auditLog.entityId}`))
          .leftJoin(targetRole, and(targets(['role']), sql`${targetRole.id}::text = ${auditLog.entityId}`))
          .where(inArray(auditLog.action, [...CHANGE_ACTIONS]))
          .orderBy(desc(auditLog.id))
          .limit(limit)
      );
    },
  };
}
