import {
  TONE_DASHBOARD_API_PATHS,
  TONE_DASHBOARD_MESSAGES,
  toneAnalyticsResponseSchema,
  toneHomeResponseSchema,
  toneRecentsResponseSchema,
} from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readData } from '../../../lib/read-data';
import type { RouteQueries } from '../../../lib/route-prefetch';

/** Spec s.8: the tone dashboard's stored rejection, for each of the home screen's three calls. */
export const TONES_HOME_ERROR = TONE_DASHBOARD_MESSAGES.toneFailed;

/** The recent requests refresh this often while the page is open and the tab visible. */
export const RECENTS_POLL_MS = 5_000;
/** Totals and charts move with every request too, but a slower pace is enough for them. */
const FIGURES_POLL_MS = 30_000;
const RECENTS_LIMIT = 10;

const getTonesHome = (signal?: AbortSignal) =>
  readData(TONE_DASHBOARD_API_PATHS.home, toneHomeResponseSchema, TONES_HOME_ERROR, { signal }).then((b) => b.data);

const getToneAnalytics = (signal?: AbortSignal) =>
  readData(TONE_DASHBOARD_API_PATHS.analytics, toneAnalyticsResponseSchema, TONES_HOME_ERROR, { signal }).then((b) => b.data);

const getToneRecents = (signal?: AbortSignal) =>
  readData(TONE_DASHBOARD_API_PATHS.recents, toneRecentsResponseSchema, TONES_HOME_ERROR, {
    query: { limit: RECENTS_LIMIT },
    signal,
  }).then((b) => b.data);

// TanStack Query pauses refetchInterval while the document is hidden (refetchIntervalInBackground
// defaults to false), so a background tab does not poll.
const tonesHomeQuery = queryOptions({
  queryKey: ['tones-home', 'totals'],
  queryFn: ({ signal }) => getTonesHome(signal),
  refetchInterval: FIGURES_POLL_MS,
});
const toneAnalyticsQuery = queryOptions({
  queryKey: ['tones-home', 'analytics'],
  queryFn: ({ signal }) => getToneAnalytics(signal),
  refetchInterval: FIGURES_POLL_MS,
});
const toneRecentsQuery = queryOptions({
  queryKey: ['tones-home', 'recents', RECENTS_LIMIT],
  queryFn: ({ signal }) => getToneRecents(signal),
  refetchInterval: RECENTS_POLL_MS,
});

/** The home screen's three calls: the hooks below and the route's prefetch use the same options. */
export const tonesHomeRouteQueries: RouteQueries = () => [tonesHomeQuery, toneAnalyticsQuery, toneRecentsQuery];

export const useTonesHome = () => useQuery(tonesHomeQuery);
export const useToneAnalytics = () => useQuery(toneAnalyticsQuery);
export const useToneRecents = () => useQuery(toneRecentsQuery);
