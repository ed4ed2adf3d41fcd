import { RESOURCE_INDEX } from '../registry/resource-index.js';
import { z } from 'zod';
import { idField } from '../common/fields.js';
import { defineResource, type ResourceKeys, type ResourceListDefinition } from '../common/resource.js';

export const userSessionAddSchema = z.object({ name: z.string().max(100).optional().default('user-session') });

export const SESSION_END_REASONS = ['logout', 'expired', 'idle', 'revoked', 'password-reset', 'disabled'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export const userSessionSchema = z.object({
  id: z.string(),
  userId: z.number().int(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  rememberMe: z.boolean(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
  endedAt: z.string().nullable(),
  endReason: z.enum(SESSION_END_REASONS).nullable(),
  durationMs: z.number().int(),
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

/** Activity and session lists take userId besides the list query (spec s.3). */
const userScopedFilters = { userId: idField().optional() };
export const userScopedListQuerySchema = z.object(userScopedFilters);

type UserScopedList = Omit<ResourceListDefinition<typeof userScopedFilters>, 'filters'>;

/**
 * A profile list of users' own records (activity, sessions): read-only, `userId` its one filter,
 * own rows unless the caller holds the view-all key (the API's ownerScope).
 */
export function defineOwnRowsResource<Row extends z.ZodTypeAny, K extends ResourceKeys & { viewAll: string }>(input: {
  name: string;
  entity: string;
  label: { singular: string; plural: string };
  row: Row;
  keys: K;
  list: UserScopedList;
}) {
  const { row, list, ...rest } = input;
  return defineResource({
    ...rest,
    module: 'profile',
    mode: 'read-only',
    schemas: { row, create: z.object({}) },
    list: { ...list, filters: userScopedFilters },
  });
}

/**
 * GET /user-sessions (own sessions unless user-sessions.view-all; `userId` picks another user's)
 * and GET /user-sessions/export/{csv,excel,pdf}. Ending one is POST /user-sessions/{id}/end.
 */
export const userSessionsResource = defineOwnRowsResource({
  ...RESOURCE_INDEX['user-sessions'],
  row: userSessionSchema,
  list: {
    sortFields: ['startedAt', 'lastSeenAt', 'endedAt', 'durationMs', 'ip', 'userAgent', 'rememberMe', 'endReason', 'userId'],
    search: ['ip', 'userAgent', 'endReason'],
    exportColumns: [
      { key: 'startedAt', header: 'Started', type: 'date' },
      { key: 'lastSeenAt', header: 'Last seen', type: 'date' },
      { key: 'endedAt', header: 'Ended', type: 'date' },
      // The API writes it as h:mm:ss.
      { key: 'durationMs', header: 'Duration' },
      { key: 'endReason', header: 'End reason' },
      { key: 'ip', header: 'IP' },
      { key: 'userAgent', header: 'User agent' },
      { key: 'rememberMe', header: 'Keep me logged in', type: 'boolean' },
      { key: 'current', header: 'Current', type: 'boolean' },
      { key: 'userId', header: 'User ID' },
      { key: 'id', header: 'Session ID' },
    ],
  },
});
