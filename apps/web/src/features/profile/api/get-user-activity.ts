import { API_PATHS, type UserActivity } from '@console/contract';
import type { ListQueryState } from '../../../components/data-table';
import { readListOrEmpty } from '../../../lib/api-client';

export const userActivityKey = (userId: number | undefined) => ['user-activity', { userId }] as const;

/** GET /user-activity (list query + userId). Spec s.8: a failed list read is an empty list. */
export function getUserActivity(query: ListQueryState, userId: number | undefined, signal?: AbortSignal) {
  return readListOrEmpty<UserActivity>(API_PATHS.userActivity, { ...query, userId }, signal);
}
