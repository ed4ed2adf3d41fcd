import { ADMIN_API_PATHS, ERROR_MESSAGES, LIVE_API_PATHS, type ProductDashboard, productDashboardResponseSchema } from '@console/contract';
import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '../../../lib/use-query';
import { useLivePolling } from '../../../lib/live-status';
import { readData } from '../../../lib/read-data';
import { browserTimeZone } from '../../../lib/time-zone';
import type { RouteQueries } from '../../../lib/route-prefetch';
import type { LiveInvalidations } from '../../../lib/use-live-updates';

/**
 * The rejection message of this call. The spec stores one default per dashboard flavour
 * (s.8: super admin, demo, tone); its Dashboard entity (s.3) names three data sets,
 * superAdminData (locations, user requests, tone sequences: GET /dashboard), demoAdminData
 * (GET /client-dashboard) and {product}Data. Pairing them one to one leaves the tone message
 * for {product}Data, this screen's call.
 */
export const PRODUCT_DASHBOARD_ERROR = ERROR_MESSAGES.toneDashboard;

/** GET /product-dashboard: counters, sign-ins per day and recent changes in one call. */
export const getProductDashboard = ({
  signal,
  timeZone = browserTimeZone(),
}: {
  signal?: AbortSignal;
  timeZone?: string;
} = {}): Promise<ProductDashboard> =>
  readData(ADMIN_API_PATHS.productDashboard, productDashboardResponseSchema, PRODUCT_DASHBOARD_ERROR, { query: { timeZone }, signal }).then(
    (b) => b.data,
  );

const productDashboardQueryOptions = (timeZone = browserTimeZone()) =>
  queryOptions({
    queryKey: ['product-dashboard', timeZone],
    queryFn: ({ signal }) => getProductDashboard({ signal, timeZone }),
    // Counters move slowly; a minute of reuse spares the API when switching screens.
    staleTime: 60_000,
    retry: 1,
  });

/** The route's first query (app/route-data.ts): asked for while the screen's code downloads. */
export const productDashboardRouteQueries: RouteQueries = () => [productDashboardQueryOptions()];

/** The stream that feeds the dashboard (sessions started or ended), and what it refreshes. */
export const PRODUCT_DASHBOARD_LIVE = LIVE_API_PATHS.productDashboard;
export const PRODUCT_DASHBOARD_LIVE_KEYS: LiveInvalidations = { sessions: [['product-dashboard']] };
/** Only while the stream is cut (useLivePolling). */
const FALLBACK_POLL_MS = 30_000;

export const useProductDashboard = () =>
  useQuery({ ...productDashboardQueryOptions(), refetchInterval: useLivePolling(PRODUCT_DASHBOARD_LIVE, FALLBACK_POLL_MS) });
