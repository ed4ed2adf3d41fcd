import { RESOURCE_INDEX } from '../registry/resource-index.js';
import { z } from 'zod';
import { defineOwnRowsResource } from './user-sessions.js';

export const userActivityAddSchema = z.object({
  request: z.record(z.string(), z.unknown()).optional().default({}),
  screenName: z.string().max(200).optional().default(''),
  eventName: z.string().max(200).optional().default(''),
  slug: z.string().max(500),
  description: z.string().max(2000).optional().default(''),
});
export type UserActivityAdd = z.input<typeof userActivityAddSchema>;

export const userActivitySchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  sessionId: z.string().nullable(),
  screenName: z.string(),
  eventName: z.string(),
  slug: z.string(),
  description: z.string(),
  request: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type UserActivity = z.infer<typeof userActivitySchema>;

/**
 * GET /user-activity (own rows unless user-activity.view-all; `userId` picks another user's) and
 * GET /user-activity/export/{csv,excel,pdf}. The rows come from POST /auth/user-activity/add.
 */
export const userActivityResource = defineOwnRowsResource({
  ...RESOURCE_INDEX['user-activity'],
  row: userActivitySchema,
  list: {
    sortFields: ['id', 'userId', 'createdAt', 'screenName', 'eventName', 'slug', 'description', 'ip'],
    search: ['screenName', 'eventName', 'slug', 'description'],
    exportColumns: [
      { key: 'createdAt', header: 'Time', type: 'date' },
      { key: 'userId', header: 'User ID' },
      { key: 'screenName', header: 'Screen' },
      { key: 'eventName', header: 'Event' },
      { key: 'slug', header: 'Path' },
      { key: 'description', header: 'Description' },
      { key: 'ip', header: 'IP' },
      { key: 'sessionId', header: 'Session' },
      // The API writes the request object as JSON.
      { key: 'request', header: 'Request' },
      { key: 'id', header: 'ID' },
    ],
  },
});
