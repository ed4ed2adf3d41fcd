import {
  LIVE_API_PATHS,
  TONE_HOME_API_PATHS,
  TONE_HOME_MESSAGES,
  toneAnalyticsResponseSchema,
  toneDashboardResponseSchema,
  toneHomeResponseSchema,
  toneRecentsResponseSchema,
} from '@console/contract';
import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '../../../lib/use-query';
import type { z } from 'zod';
import { useLivePolling } from '../../../lib/live-status';
import { readData } from '../../../lib/read-data';
import type { LiveInvalidations } from '../../../lib/use-live-updates';
import type { RouteQueries } from '../../../lib/route-prefetch';

/** Spec s.8: the tone dashboard's stored rejection, for each of the home screen's three calls. */
export const TONE_HOME_ERROR = TONE_HOME_MESSAGES.toneFailed;
/** Spec s.8: GET /dashboard (superAdminData) rejects with this stored message. */
export const TONE_HOME_DASHBOARD_ERROR = TONE_HOME_MESSAGES.superAdminFailed;

/**
 * The screens update by server push (the tone-home live stream); these polls run only while the
 * stream is cut (useLivePolling). The recent requests refresh this often then, while the tab is visible.
 */
const RECENTS_POLL_MS = 5_000;
/** Totals and charts move with every request too, but a slower pace is enough for them. */
const FIGURES_POLL_MS = 30_000;
/** The stream that feeds every query of the module, and what its topics refresh. */
export const TONE_HOME_LIVE = LIVE_API_PATHS.toneHome;
export const TONE_HOME_LIVE_KEYS: LiveInvalidations = { 'user-requests': [['tone-home']] };
const RECENTS_LIMIT = 10;

/** GET `path` (an envelope schema's `data`), rejecting with the screen's stored message. */
const read =
  <S extends z.ZodType<{ data: unknown }>>(path: string, schema: S, message: string, query?: Record<string, number>) =>
  ({ signal }: { signal: AbortSignal }): Promise<z.infer<S>['data']> =>
    readData(path, schema, message, { query, signal }).then((b) => b.data);

// Every query of the module sits under ['tone-home']. TanStack Query pauses refetchInterval while
// the document is hidden (refetchIntervalInBackground defaults to false), so a background tab does not poll.
// Options stay poll-free here: the route's prefetch shares them, and polling is the hooks' fallback.
const dashboardQuery = queryOptions({
  queryKey: ['tone-home', 'dashboard'],
  queryFn: read(TONE_HOME_API_PATHS.dashboard, toneDashboardResponseSchema, TONE_HOME_DASHBOARD_ERROR),
});
const totalsQuery = queryOptions({
  queryKey: ['tone-home', 'totals'],
  queryFn: read(TONE_HOME_API_PATHS.home, toneHomeResponseSchema, TONE_HOME_ERROR),
});
const analyticsQuery = queryOptions({
  queryKey: ['tone-home', 'analytics'],
  queryFn: read(TONE_HOME_API_PATHS.analytics, toneAnalyticsResponseSchema, TONE_HOME_ERROR),
});
const recentsQuery = queryOptions({
  queryKey: ['tone-home', 'recents', RECENTS_LIMIT],
  queryFn: read(TONE_HOME_API_PATHS.recents, toneRecentsResponseSchema, TONE_HOME_ERROR, { limit: RECENTS_LIMIT }),
});

/** The home screen's three calls: the hooks below and the route's prefetch use the same options. */
export const toneHomeRouteQueries: RouteQueries = () => [totalsQuery, analyticsQuery, recentsQuery];

/** The super admin figures of /tone-home-dashboard (GET /dashboard). */
export const useToneHomeDashboard = () => useQuery({ ...dashboardQuery, refetchInterval: useLivePolling(TONE_HOME_LIVE, FIGURES_POLL_MS) });
export const useToneHomeTotals = () => useQuery({ ...totalsQuery, refetchInterval: useLivePolling(TONE_HOME_LIVE, FIGURES_POLL_MS) });
export const useToneAnalytics = () => useQuery({ ...analyticsQuery, refetchInterval: useLivePolling(TONE_HOME_LIVE, FIGURES_POLL_MS) });
export const useToneRecents = () => useQuery({ ...recentsQuery, refetchInterval: useLivePolling(TONE_HOME_LIVE, RECENTS_POLL_MS) });
