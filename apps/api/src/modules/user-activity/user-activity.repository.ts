import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userActivity } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/list.js';

export type ActivityRow = typeof userActivity.$inferSelect;

const SORT_FIELDS = {
  createdAt: userActivity.createdAt,
  screenName: userActivity.screenName,
  eventName: userActivity.eventName,
  slug: userActivity.slug,
  description: userActivity.description,
  ip: userActivity.ip,
} as const;

export function createUserActivityRepository(db: Db) {
  return {
    async insert(row: typeof userActivity.$inferInsert) {
      const [created] = await db.insert(userActivity).values(row).returning({ id: userActivity.id });
      return created;
    },

    async list(q: { userId?: number; search: string; sortField?: string; order: 'asc' | 'desc'; limit: number; offset: number }) {
      const conds: (SQL | undefined)[] = [];
      if (q.userId !== undefined) conds.push(eq(userActivity.userId, q.userId));
      if (q.search) {
        const term = `%${escapeLike(q.search)}%`;
        conds.push(
          or(
            ilike(userActivity.screenName, term),
            ilike(userActivity.eventName, term),
            ilike(userActivity.slug, term),
            ilike(userActivity.description, term),
          ),
        );
      }
      const where = and(...conds);
      const column = SORT_FIELDS[q.sortField as keyof typeof SORT_FIELDS] ?? userActivity.createdAt;
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(userActivity)
          .where(where)
          .orderBy(q.order === 'asc' ? asc(column) : desc(column), desc(userActivity.id))
          .limit(q.limit)
          .offset(q.offset),
        db.select({ total: count() }).from(userActivity).where(where),
      ]);
      return { rows, total };
    },
  };
}
