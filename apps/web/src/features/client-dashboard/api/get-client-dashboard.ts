import {
  CLIENT_DASHBOARD_PATH,
  type ClientDashboard,
  ERROR_MESSAGES,
  LIVE_API_PATHS,
  clientDashboardResponseSchema,
} from '@console/contract';
import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '../../../lib/use-query';
import { useLivePolling } from '../../../lib/live-status';
import { readData } from '../../../lib/read-data';
import type { RouteQueries } from '../../../lib/route-prefetch';
import type { LiveInvalidations } from '../../../lib/use-live-updates';

/** The spec's stored rejection for this call (s.8): demoAdminData is GET /client-dashboard. */
export const CLIENT_DASHBOARD_ERROR = ERROR_MESSAGES.demoDashboard;

/**
 * GET /client-dashboard. Cancellable (spec s.7): TanStack Query aborts `signal` when the screen is
 * left; a cancelled request is re-raised as it is (s.8), so it never shows as the rejection text.
 */
export const getClientDashboard = ({ signal }: { signal?: AbortSignal } = {}): Promise<ClientDashboard> =>
  readData(CLIENT_DASHBOARD_PATH, clientDashboardResponseSchema, CLIENT_DASHBOARD_ERROR, { signal }).then((b) => b.data);

const clientDashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['client-dashboard'],
    queryFn: ({ signal }) => getClientDashboard({ signal }),
    // DESIGN s.4b: figures reflect a write within seconds; a short reuse only spares quick back-and-forth.
    staleTime: 5_000,
    retry: 1,
  });

/** The route's first query (app/route-data.ts): asked for while the screen's code downloads. */
export const clientDashboardRouteQueries: RouteQueries = () => [clientDashboardQueryOptions()];

/** The stream that feeds the dashboard (bulk uploads created, progressing, finished), and what it refreshes. */
export const CLIENT_DASHBOARD_LIVE = LIVE_API_PATHS.clientDashboard;
export const CLIENT_DASHBOARD_LIVE_KEYS: LiveInvalidations = { 'bulk-uploads': [['client-dashboard']] };
/** Only while the stream is cut (useLivePolling). */
const FALLBACK_POLL_MS = 30_000;

export const useClientDashboard = () =>
  useQuery({ ...clientDashboardQueryOptions(), refetchInterval: useLivePolling(CLIENT_DASHBOARD_LIVE, FALLBACK_POLL_MS) });
