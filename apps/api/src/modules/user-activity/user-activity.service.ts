import { type ListQuery, PERMISSION_KEYS, type UserActivity, type UserActivityAdd } from '@console/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { effectiveOrder, listResult, offsetOf } from '../../lib/list.js';
import type { AuthContext } from '../../types.js';
import { type ActivityRow, createUserActivityRepository } from './user-activity.repository.js';

const toDto = (a: ActivityRow): UserActivity => ({
  id: a.id,
  userId: a.userId,
  sessionId: a.sessionId,
  screenName: a.screenName,
  eventName: a.eventName,
  slug: a.slug,
  description: a.description,
  request: a.request ?? null,
  ip: a.ip,
  createdAt: a.createdAt.toISOString(),
});

// The request object comes from the browser; it is stored as given but kept small.
const MAX_REQUEST_JSON = 8_000;

export function createUserActivityService(db: Db, clock: Clock) {
  const repo = createUserActivityRepository(db);
  return {
    async add(auth: AuthContext, input: Required<UserActivityAdd>, ip: string | null) {
      const request = JSON.stringify(input.request).length > MAX_REQUEST_JSON ? { truncated: true } : input.request;
      return repo.insert({
        userId: auth.user.id,
        sessionId: auth.sessionId,
        screenName: input.screenName,
        eventName: input.eventName,
        slug: input.slug,
        description: input.description,
        request,
        ip,
        createdAt: clock.now(),
      });
    },

    /** Own rows by default; another user's (or everyone's) only with view-all or as super admin. */
    async list(auth: AuthContext, q: ListQuery & { userId?: number }) {
      const mayViewAll = await auth.can(PERMISSION_KEYS.userActivity.viewAll);
      if (q.userId !== undefined && q.userId !== auth.user.id && !mayViewAll) throw new AppError('FORBIDDEN');
      const userId = q.userId ?? (mayViewAll ? undefined : auth.user.id);
      const { rows, total } = await repo.list({
        userId,
        search: q.search,
        sortField: q.sortField,
        order: effectiveOrder(q),
        limit: q.limit,
        offset: offsetOf(q),
      });
      return listResult(rows.map(toDto), total, q.limit);
    },
  };
}
