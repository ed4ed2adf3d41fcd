import { QueryClient, timeoutManager } from '@tanstack/react-query';
import { isApiError, unavailableError } from './api-client';
import { coalescedTimeouts } from './coalesced-timeouts';
import { refetchOnMountUnlessPrefetched } from './route-prefetch';
import { unavailableRetryDelay } from './service-status';

// Before the client exists: every timer of its queries is set through this provider.
timeoutManager.setTimeoutProvider(coalescedTimeouts());

/**
 * The one data cache. A module singleton rather than an entry-level provider: only signed-in
 * screens (and the OTP / logout / token-expiry screens that fill or empty it) import it, so
 * TanStack Query stays out of the JavaScript /login downloads.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 503 (the service is away: its database restarting, failing over) is retried until it
      // answers, after at least its Retry-After, while the notice says so (service-status.ts).
      // Otherwise a 4xx answer will not change on retry; network blips and 5xx get one more try.
      retry: (failureCount, error) => Boolean(unavailableError(error)) || (!(isApiError(error) && error.status < 500) && failureCount < 1),
      retryDelay: (failureCount, error) => {
        const unavailable = unavailableError(error);
        return unavailable ? unavailableRetryDelay(failureCount, unavailable.retryAfterMs) : Math.min(1000 * 2 ** failureCount, 30_000);
      },
      refetchOnWindowFocus: false,
      // What a route's loader prefetched for this navigation is not fetched again on mount.
      refetchOnMount: refetchOnMountUnlessPrefetched,
    },
  },
});
