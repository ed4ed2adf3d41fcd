import { type ListQuery, PERMISSION_KEYS, type UserSession } from '@console/contract';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { effectiveOrder, listResult, offsetOf } from '../../lib/list.js';
import type { AuthContext } from '../../types.js';
import type { SessionRow } from './sessions.repository.js';
import type { SessionService } from './sessions.service.js';

const K = PERMISSION_KEYS.userSessions;

/** The user-sessions screen: ownership rules on top of the session store. */
export function createUserSessionsService(sessions: SessionService, clock: Clock) {
  const toDto = (s: SessionRow, currentId: string): UserSession => {
    const end = s.endedAt ?? s.lastSeenAt;
    return {
      id: s.id,
      userId: s.userId,
      ip: s.ip,
      userAgent: s.userAgent,
      rememberMe: s.rememberMe,
      startedAt: s.startedAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      endedAt: s.endedAt?.toISOString() ?? null,
      endReason: s.endReason ?? null,
      durationMs: Math.max(0, end.getTime() - s.startedAt.getTime()),
      current: s.id === currentId,
    };
  };

  return {
    acknowledge: (sessionId: string, name: string) => sessions.repo.acknowledge(sessionId, name, clock.now()),

    /** Own sessions by default; another user's (or everyone's) only with view-all or as super admin. */
    async list(auth: AuthContext, q: ListQuery & { userId?: number }) {
      const mayViewAll = await auth.can(K.viewAll);
      if (q.userId !== undefined && q.userId !== auth.user.id && !mayViewAll) throw new AppError('FORBIDDEN');
      const userId = q.userId ?? (mayViewAll ? undefined : auth.user.id);
      await sessions.endStale(userId);
      const { rows, total } = await sessions.repo.list({
        userId,
        search: q.search,
        sortField: q.sortField,
        order: effectiveOrder(q),
        limit: q.limit,
        offset: offsetOf(q),
      });
      return listResult(
        rows.map((s) => toDto(s, auth.sessionId)),
        total,
        q.limit,
      );
    },

    async end(auth: AuthContext, id: string) {
      const target = await sessions.repo.findById(id);
      if (!target) throw new AppError('NOT_FOUND');
      if (target.userId !== auth.user.id && !(await auth.can(K.revokeAny))) throw new AppError('FORBIDDEN');
      await sessions.end(id, 'revoked');
    },
  };
}
