import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { refetchOnMountUnlessPrefetched } from './route-prefetch';

/**
 * The one data cache. A module singleton rather than an entry-level provider: only signed-in
 * screens (and the OTP / logout / token-expiry screens that fill or empty it) import it, so
 * TanStack Query stays out of the JavaScript /login downloads.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx answer will not change on retry; network blips and 5xx get one more try.
      retry: (failureCount, error) => !(isApiError(error) && error.status < 500) && failureCount < 1,
      refetchOnWindowFocus: false,
      // What a route's loader prefetched for this navigation is not fetched again on mount.
      refetchOnMount: refetchOnMountUnlessPrefetched,
    },
  },
});
