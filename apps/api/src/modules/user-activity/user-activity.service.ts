import { PERMISSION_KEYS, type UserActivityAdd } from '@console/contract';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { userActivity } from '../../db/schema/index.js';
import type { AuthContext } from '../../types.js';
import { ownerScope } from './owner-scope.js';
import { createUserActivityRepository } from './user-activity.repository.js';

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

    /** The list's and the export's WHERE: own rows unless user-activity.view-all (ownerScope). */
    scope: ownerScope(db, PERMISSION_KEYS.userActivity.viewAll, userActivity.userId),
  };
}
