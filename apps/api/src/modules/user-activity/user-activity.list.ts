import type { UserActivity } from '@console/contract';
import { eq } from 'drizzle-orm';
import { userActivity } from '../../db/schema/index.js';
import type { ExportColumn } from '../../lib/export/index.js';
import { defineList } from '../../lib/list-query.js';

/**
 * GET /user-activity and its export: one query definition, so the file holds exactly the rows of
 * the list. Search covers the visible text columns; every visible column sorts.
 */
export const userActivityList = defineList({
  fields: {
    id: userActivity.id,
    userId: userActivity.userId,
    sessionId: userActivity.sessionId,
    screenName: userActivity.screenName,
    eventName: userActivity.eventName,
    slug: userActivity.slug,
    description: userActivity.description,
    request: userActivity.request,
    ip: userActivity.ip,
    createdAt: userActivity.createdAt,
  },
  from: (db, fields) => db.select(fields).from(userActivity).$dynamic(),
  id: userActivity.id,
  sortFields: {
    id: userActivity.id,
    userId: userActivity.userId,
    createdAt: userActivity.createdAt,
    screenName: userActivity.screenName,
    eventName: userActivity.eventName,
    slug: userActivity.slug,
    description: userActivity.description,
    ip: userActivity.ip,
  },
  defaultSort: { field: 'createdAt', order: 'desc' },
  search: [userActivity.screenName, userActivity.eventName, userActivity.slug, userActivity.description],
  toDto: (a): UserActivity => ({
    ...a,
    request: a.request ?? null,
    createdAt: a.createdAt.toISOString(),
  }),
});

/** The rows a caller may see: one user's, or everyone's (undefined). */
export const activityScope = (userId: number | undefined) => (userId === undefined ? [] : [eq(userActivity.userId, userId)]);

const date = (v: unknown) => (typeof v === 'string' ? new Date(v) : null);

export const USER_ACTIVITY_EXPORT_COLUMNS: ExportColumn<UserActivity>[] = [
  { key: 'createdAt', header: 'Time', format: date },
  { key: 'userId', header: 'User ID' },
  { key: 'screenName', header: 'Screen' },
  { key: 'eventName', header: 'Event' },
  { key: 'slug', header: 'Path' },
  { key: 'description', header: 'Description' },
  { key: 'ip', header: 'IP' },
  { key: 'sessionId', header: 'Session' },
  { key: 'request', header: 'Request', format: (v) => (v === null || v === undefined ? null : JSON.stringify(v)) },
  { key: 'id', header: 'ID' },
];
