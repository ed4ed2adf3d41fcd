import { type ListQuery, PERMISSION_KEYS, type UserActivityAdd } from '@console/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { userActivity } from '../../db/schema/index.js';
import type { AuthContext } from '../../types.js';
import { assertUserWithin, requestActor, userWithin } from '../access/index.js';
import { activityScope, userActivityList } from './user-activity.list.js';
import { createUserActivityRepository } from './user-activity.repository.js';

// The request object comes from the browser; it is stored as given but kept small.
const MAX_REQUEST_JSON = 8_000;

export function createUserActivityService(db: Db, clock: Clock) {
  const repo = createUserActivityRepository(db);

  /**
   * Whose rows a request may read: own rows by default; another user's (`userId`) or everyone's
   * only with user-activity.view-all, and then only of users within the caller's reach
   * (access/role-scope.ts; the super admin sees all). The list and the export share it.
   */
  async function scope(auth: AuthContext, userId: number | undefined) {
    const actor = requestActor(auth);
    const mayViewAll = await auth.can(PERMISSION_KEYS.userActivity.viewAll);
    if (userId !== undefined && userId !== auth.user.id) {
      if (!mayViewAll) throw new AppError('FORBIDDEN');
      await assertUserWithin(db, actor, userId, { entity: 'user', entityId: userId });
    }
    const target = userId ?? (mayViewAll ? undefined : auth.user.id);
    return [...activityScope(target), target === undefined ? userWithin(userActivity.userId, actor, db) : undefined];
  }

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

    async list(auth: AuthContext, q: ListQuery & { userId?: number }) {
      return userActivityList.page(db, q, await scope(auth, q.userId));
    },

    /** Every row the list query selects (all pages), for the export; same scope as the list. */
    async rows(auth: AuthContext, q: ListQuery & { userId?: number }) {
      const filters = await scope(auth, q.userId);
      // Both throw before the download starts: a 403 for the scope, a 400 for a bad sortField.
      return userActivityList.rows(db, q, filters);
    },
  };
}
