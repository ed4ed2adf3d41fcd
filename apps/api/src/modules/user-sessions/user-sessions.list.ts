import type { UserSession } from '@console/contract';
import { eq, sql } from 'drizzle-orm';
import { sessions } from '../../db/schema/index.js';
import type { ExportColumn } from '../../lib/export/index.js';
import { defineList } from '../../lib/list-query.js';

/** A session as the list shows it, without `current` (that depends on who asks). */
export type SessionListRow = Omit<UserSession, 'current'>;

// How long the session lasted (or has lasted so far): the same rule as durationMs below.
const duration = sql`(coalesce(${sessions.endedAt}, ${sessions.lastSeenAt}) - ${sessions.startedAt})`;

/**
 * GET /user-sessions and its export: one query definition, so the file holds exactly the rows of
 * the list. Search covers IP, user agent and end reason; every visible column sorts. Never
 * selects the token hash.
 */
export const userSessionsList = defineList({
  fields: {
    id: sessions.id,
    userId: sessions.userId,
    ip: sessions.ip,
    userAgent: sessions.userAgent,
    rememberMe: sessions.rememberMe,
    startedAt: sessions.startedAt,
    lastSeenAt: sessions.lastSeenAt,
    endedAt: sessions.endedAt,
    endReason: sessions.endReason,
  },
  from: (db, fields) => db.select(fields).from(sessions).$dynamic(),
  id: sessions.id,
  sortFields: {
    startedAt: sessions.startedAt,
    lastSeenAt: sessions.lastSeenAt,
    endedAt: sessions.endedAt,
    durationMs: { expr: duration, nullable: false },
    ip: sessions.ip,
    userAgent: sessions.userAgent,
    rememberMe: sessions.rememberMe,
    endReason: sessions.endReason,
    userId: sessions.userId,
  },
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

export const sessionsScope = (userId: number | undefined) => (userId === undefined ? [] : [eq(sessions.userId, userId)]);

const date = (v: unknown) => (typeof v === 'string' ? new Date(v) : null);
const yesNo = (v: unknown) => (v ? 'Yes' : 'No');
/** h:mm:ss, days counted in hours (a "keep me logged in" session can last weeks). */
export const formatDuration = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

export const USER_SESSIONS_EXPORT_COLUMNS: ExportColumn<UserSession>[] = [
  { key: 'startedAt', header: 'Started', format: date },
  { key: 'lastSeenAt', header: 'Last seen', format: date },
  { key: 'endedAt', header: 'Ended', format: date },
  { key: 'durationMs', header: 'Duration', format: (v) => formatDuration(Number(v)) },
  { key: 'endReason', header: 'End reason' },
  { key: 'ip', header: 'IP' },
  { key: 'userAgent', header: 'User agent' },
  { key: 'rememberMe', header: 'Keep me logged in', format: yesNo },
  { key: 'current', header: 'Current', format: yesNo },
  { key: 'userId', header: 'User ID' },
  { key: 'id', header: 'Session ID' },
];
