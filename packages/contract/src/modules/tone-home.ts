import { z } from 'zod';
import { PERMISSION_KEYS } from '../common/catalogue.js';
import { dayCountSchema } from '../common/rows.js';
import { PLATFORMS } from '../common/constants.js';
import { userRequestSchema } from './user-requests.js';

/**
 * The tones portal's dashboards (DESIGN s.4b). All figures come from the rollups kept by
 * ingestion, so they reflect a write within seconds. Counts are numbers; days are UTC dates.
 *
 * Permission: all four calls need `tone-home.view`. `/dashboard` is the "super admin" figures
 * (locations, user requests, tone sequences) that the SPA shows at /tone-home-dashboard, a route
 * of the tone-dashboard module's Home menu; the {product} module's own Dashboard menu reads
 * /product-dashboard (platform-dashboard.view). So one key opens the tones portal's home screens.
 */

/** GET /dashboard */
export const toneDashboardSchema = z.object({
  locations: z.number().int(),
  totalUserRequests: z.number().int(),
  totalToneSequences: z.number().int(),
  /** The last DASHBOARD_DAYS UTC days, oldest first, every day present (0 when none). */
  requestsPerDay: z.array(dayCountSchema),
  /** The TOP_LOCATIONS locations with the most requests of all time. */
  topLocations: z.array(z.object({ id: z.number().int(), name: z.string(), requests: z.number().int() })),
});
export type ToneDashboard = z.infer<typeof toneDashboardSchema>;
export const toneDashboardResponseSchema = z.object({ data: toneDashboardSchema });

/** GET /home */
export const toneHomeSchema = z.object({
  locations: z.number().int(),
  toneSequences: z.number().int(),
  userRequests: z.number().int(),
  devices: z.number().int(),
  /** Requests of the current UTC day. */
  requestsToday: z.number().int(),
});
export type ToneHome = z.infer<typeof toneHomeSchema>;
export const toneHomeResponseSchema = z.object({ data: toneHomeSchema });

/** GET /home/analytics?days= (1..365, default DASHBOARD_DAYS): the window's figures. */
export const toneAnalyticsQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });
export const toneAnalyticsSchema = z.object({
  requestsPerDay: z.array(dayCountSchema),
  byPlatform: z.array(z.object({ platform: z.enum(PLATFORMS), count: z.number().int() })),
  byLocation: z.array(z.object({ id: z.number().int(), name: z.string(), count: z.number().int() })),
});
export type ToneAnalytics = z.infer<typeof toneAnalyticsSchema>;
export const toneAnalyticsResponseSchema = z.object({ data: toneAnalyticsSchema });

/** GET /home/recents?limit= (1..50, default 10): the latest user requests, newest first. */
export const toneRecentsQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) });
export const toneRecentsResponseSchema = z.object({ data: z.array(userRequestSchema) });
export type ToneRecents = z.infer<typeof toneRecentsResponseSchema>['data'];

export const DASHBOARD_DAYS = 30;
export const TOP_LOCATIONS = 5;

export const TONE_HOME_API_PATHS = {
  dashboard: '/dashboard',
  home: '/home',
  analytics: '/home/analytics',
  recents: '/home/recents',
} as const;

export const TONE_HOME_KEYS = {
  dashboard: PERMISSION_KEYS.toneHome.view,
  home: PERMISSION_KEYS.toneHome.view,
  analytics: PERMISSION_KEYS.toneHome.view,
  recents: PERMISSION_KEYS.toneHome.view,
} as const;

export const TONE_HOME_MESSAGES = {
  superAdminFailed: 'Failed to fetch super admin dashboard data',
  toneFailed: 'Failed to fetch tone dashboard data',
} as const;
