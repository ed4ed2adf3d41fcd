import { type UserActivity, userActivityResource } from '@console/contract';
import { getTableColumns } from 'drizzle-orm';
import { userActivity } from '../../db/schema/index.js';
import { defineList } from '../../lib/list-query.js';
import { listFrom, sortFieldsOf } from '../../lib/resource/index.js';

const fields = getTableColumns(userActivity);

/**
 * GET /user-activity and its export: one query definition, so the file holds exactly the rows of
 * the list. Search covers the visible text columns; every visible column sorts.
 */
export const userActivityList = defineList({
  fields,
  from: listFrom(userActivity),
  id: userActivity.id,
  sortFields: sortFieldsOf(fields, userActivityResource.list.sortFields),
  defaultSort: { field: 'createdAt', order: 'desc' },
  search: [userActivity.screenName, userActivity.eventName, userActivity.slug, userActivity.description],
  toDto: (a): UserActivity => ({
    ...a,
    request: a.request ?? null,
    createdAt: a.createdAt.toISOString(),
  }),
});

/** The export writes the request object as JSON. */
export const USER_ACTIVITY_EXPORT_FORMATS = {
  request: (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v)),
};
