import { type UserSession, userSessionsResource } from '@console/contract';
import { sql } from 'drizzle-orm';
import { sessions } from '../../db/schema/index.js';
import { defineList } from '../../lib/list-query.js';
import { listFrom, sortFieldsOf } from '../../lib/resource/index.js';

/** A session as the list shows it, without `current` (that depends on who asks). */
export type SessionListRow = Omit<UserSession, 'current'>;

// How long the session lasted (or has lasted so far): the same rule as durationMs below.
const duration = sql`(coalesce(${sessions.endedAt}, ${sessions.lastSeenAt}) - ${sessions.startedAt})`;

const fields = {
  id: sessions.id,
  userId: sessions.userId,
  ip: sessions.ip,
  userAgent: sessions.userAgent,
  rememberMe: sessions.rememberMe,
  startedAt: sessions.startedAt,
  lastSeenAt: sessions.lastSeenAt,
  endedAt: sessions.endedAt,
  endReason: sessions.endReason,
};

/**
 * GET /user-sessions and its export: one query definition, so the file holds exactly the rows of
 * the list. Search covers IP, user agent and end reason; every visible column sorts. Never
 * selects the token hash.
 */
export const userSessionsList = defineList({
  fields,
  from: listFrom(sessions),
  id: sessions.id,
  sortFields: sortFieldsOf(fields, userSessionsResource.list.sortFields, { durationMs: { expr: duration, nullable: false } }),
  defaultSort: { field: 'startedAt', order: 'desc' },
  search: [sessions.ip, sessions.userAgent, sessions.endReason],
  toDto: (s): SessionListRow => {
    const end = s.endedAt ?? s.lastSeenAt;
    return {
      ...s,
      endReason: s.endReason ?? null,
      startedAt: s.startedAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      endedAt: s.endedAt?.toISOString() ?? null,
      durationMs: Math.max(0, end.getTime() - s.startedAt.getTime()),
    };
  },
});

/** h:mm:ss, days counted in hours (a "keep me logged in" session can last weeks). */
export const formatDuration = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/** The export writes the duration as h:mm:ss. */
export const USER_SESSIONS_EXPORT_FORMATS = { durationMs: (v: unknown) => formatDuration(Number(v)) };
