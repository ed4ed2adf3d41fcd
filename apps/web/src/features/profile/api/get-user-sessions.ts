import { API_PATHS, type UserSession } from '@console/contract';
import type { ListQueryState } from '../../../components/data-table';
import { readListOrEmpty } from '../../../lib/api-client';

export const userSessionsKey = (userId: number | undefined) => ['user-sessions', { userId }] as const;

/** GET /user-sessions (list query + userId). Spec s.8: a failed list read is an empty list. */
export function getUserSessions(query: ListQueryState, userId: number | undefined, signal?: AbortSignal) {
  return readListOrEmpty<UserSession>(API_PATHS.userSessions, { ...query, userId }, signal);
}
