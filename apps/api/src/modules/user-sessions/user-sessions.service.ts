import { type ListQuery, PERMISSION_KEYS, type UserSession } from '@console/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { sessions as sessionRows } from '../../db/schema/index.js';
import type { AuthContext } from '../../types.js';
import { assertUserWithin, requestActor, userWithin } from '../access/index.js';
import type { SessionService } from './sessions.service.js';
import { type SessionListRow, sessionsScope, userSessionsList } from './user-sessions.list.js';

const K = PERMISSION_KEYS.userSessions;

/** The user-sessions screen: ownership rules on top of the session store. */
export function createUserSessionsService(sessions: SessionService, clock: Clock, db: Db) {
  const withCurrent = (s: SessionListRow, currentId: string): UserSession => ({ ...s, current: s.id === currentId });

  /**
   * Whose sessions a request may read: own by default; another user's (`userId`) or everyone's
   * only with user-sessions.view-all, and then only of users within the caller's reach
   * (access/role-scope.ts: a view-all holder never sees a super admin's or a stronger role's
   * sessions; the super admin sees all). The list and the export share it. Sessions that ran out
   * unnoticed are marked ended first, so both show them as ended.
   */
  async function scope(auth: AuthContext, userId: number | undefined) {
    const actor = requestActor(auth);
    const mayViewAll = await auth.can(K.viewAll);
    if (userId !== undefined && userId !== auth.user.id) {
      if (!mayViewAll) throw new AppError('FORBIDDEN');
      await assertUserWithin(db, actor, userId, { entity: 'user', entityId: userId });
    }
    const target = userId ?? (mayViewAll ? undefined : auth.user.id);
    await sessions.endStale(target);
    return [...sessionsScope(target), target === undefined ? userWithin(sessionRows.userId, actor, db) : undefined];
  }

  return {
    acknowledge: (sessionId: string, name: string) => sessions.repo.acknowledge(sessionId, name, clock.now()),

    async list(auth: AuthContext, q: ListQuery & { userId?: number }) {
      const page = await userSessionsList.page(db, q, await scope(auth, q.userId));
      return { ...page, data: page.data.map((s) => withCurrent(s, auth.sessionId)) };
    },

    /** Every session the list query selects (all pages), for the export. */
    async rows(auth: AuthContext, q: ListQuery & { userId?: number }): Promise<AsyncIterable<UserSession>> {
      const filters = await scope(auth, q.userId);
      // Both throw before the download starts: a 403 for the scope, a 400 for a bad sortField.
      const rows = userSessionsList.rows(db, q, filters);
      return (async function* () {
        for await (const s of rows) yield withCurrent(s, auth.sessionId);
      })();
    },

    async end(auth: AuthContext, id: string) {
      const target = await sessions.repo.findById(id);
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
