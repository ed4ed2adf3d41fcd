import { eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Filter } from '../../lib/list-query.js';
import type { AuthContext } from '../../types.js';
import { assertUserWithin, requestActor, userWithin } from '../access/index.js';

/**
 * Whose rows a list of users' own records (activity, sessions) may show: own rows by default;
 * another user's (`userId`) or everyone's only with the list's view-all key, and then only of
 * users within the caller's reach (access/role-scope.ts: a view-all holder never sees a super
 * admin's or a stronger role's rows; the super admin sees all). The list and its export share it.
 * `target` is the one user whose rows are shown (undefined: everyone's within reach).
 */
export function ownerScope(db: Db, viewAllKey: string, owner: AnyPgColumn) {
  return async (auth: AuthContext, userId: number | undefined): Promise<{ target: number | undefined; filters: Filter[] }> => {
    const actor = requestActor(auth);
    const mayViewAll = await auth.can(viewAllKey);
    if (userId !== undefined && userId !== auth.user.id) {
      if (!mayViewAll) throw new AppError('FORBIDDEN');
      await assertUserWithin(db, actor, userId, { entity: 'user', entityId: userId });
    }
    const target = userId ?? (mayViewAll ? undefined : auth.user.id);
    return { target, filters: [target === undefined ? userWithin(owner, actor, db) : eq(owner, target)] };
  };
}
