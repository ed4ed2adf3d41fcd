import { z } from 'zod';
import { CLIENT_TYPES } from '../common/constants.js';
import { STATUSES } from '../common/fields.js';
import { BULK_UPLOAD_STATUSES } from './bulk-uploads.js';
import { ACTION_TYPES } from './manage-actions.js';

/** GET /client-dashboard (spec s.7: cancellable; DESIGN s.4b): demoAdminData. */
export const CLIENT_DASHBOARD_PATH = '/client-dashboard';

const count = z.number().int().nonnegative();
/**
 * A count per value of a list (client types, action types, upload statuses...): every value is
 * always present (zero when nothing has it), so charts keep their bars and the answer's shape
 * never depends on the data.
 */
const countsOf = <const K extends readonly [string, ...string[]]>(keys: K) =>
  z.object(Object.fromEntries(keys.map((k) => [k, count])) as { [P in K[number]]: typeof count });

/** Rows of one table split by status. */
const statusCounts = z.object({ total: count, active: count, inactive: count });

export const clientDashboardSchema = z.object({
  clientsByType: countsOf(CLIENT_TYPES),
  clientsByStatus: countsOf(STATUSES),
  demoMedia: statusCounts,
  campaignMedia: statusCounts,
  manageActions: statusCounts.extend({ byType: countsOf(ACTION_TYPES) }),
  /** Bulk upload outcomes: upload rows (all kinds) by status. */
  bulkUploads: countsOf(BULK_UPLOAD_STATUSES),
});
export type ClientDashboard = z.infer<typeof clientDashboardSchema>;
export const clientDashboardResponseSchema = z.object({ data: clientDashboardSchema });
