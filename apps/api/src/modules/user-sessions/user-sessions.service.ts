import { PERMISSION_KEYS, type UserSession } from '@console/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { SessionService } from '../../lib/services.js';
import { sessions as sessionRows } from '../../db/schema/index.js';
import type { AuthContext } from '../../types.js';
import { assertUserWithin, requestActor } from '../access/index.js';
import { ownerScope } from '../user-activity/index.js';
import { createSessionsRepository } from './sessions.repository.js';
import type { SessionListRow } from './user-sessions.list.js';

const K = PERMISSION_KEYS.userSessions;

/** The user-sessions screen: ownership rules on top of the session store. */
export function createUserSessionsService(sessions: SessionService, clock: Clock, db: Db) {
  const repo = createSessionsRepository(db);
  const owners = ownerScope(db, K.viewAll, sessionRows.userId);

  return {
    acknowledge: (sessionId: string, name: string) => repo.acknowledge(sessionId, name, clock.now()),

    /**
     * The list's and the export's WHERE: own sessions unless user-sessions.view-all (ownerScope).
     * Sessions that ran out unnoticed are marked ended first, so both show them as ended.
     */
    async scope(auth: AuthContext, userId: number | undefined) {
      const { target, filters } = await owners(auth, userId);
      await sessions.endStale(target);
      return filters;
    },

    /** Marks the caller's own session `current` in the list and the export. */
    current:
      (auth: AuthContext) =>
      (s: SessionListRow): UserSession => ({ ...s, current: s.id === auth.sessionId }),

    async end(auth: AuthContext, id: string) {
      const target = await repo.findById(id);
      if (!target) throw new AppError('NOT_FOUND');
      if (target.userId !== auth.user.id) {
        // Anyone's with user-sessions.revoke-any: anyone within the caller's reach.
        if (!(await auth.can(K.revokeAny))) throw new AppError('FORBIDDEN');
        await assertUserWithin(db, requestActor(auth), target.userId, { entity: 'user-session', entityId: id });
      }
      await sessions.end(id, 'revoked');
    },
  };
}
