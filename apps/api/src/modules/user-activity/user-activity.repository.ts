import type { Db } from '../../db/client.js';
import { userActivity } from '../../db/schema/index.js';

/** Writes; reads go through the list definition in user-activity.list.ts. */
export function createUserActivityRepository(db: Db) {
  return {
    async insert(row: typeof userActivity.$inferInsert) {
      const [created] = await db.insert(userActivity).values(row).returning({ id: userActivity.id });
      return created;
    },
  };
}
