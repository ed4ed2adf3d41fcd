import { type FetchQueryOptions, hashKey, type Query, type QueryClient } from '@tanstack/react-query';
import type { RouteKey } from './route-keys';

/**
 * The first queries a screen runs for a URL, exported by its feature and called both by the
 * screen and by its route's loader (app/route-data.ts), so the two ask for the same keys.
 * `can` tells whether the user holds a key, for queries beyond the one the route's key allows.
 */
// biome-ignore lint/suspicious/noExplicitAny: a route's queries differ in data type; the loader only starts them
export type RouteQueries = (params: URLSearchParams, can: (key: RouteKey) => boolean) => FetchQueryOptions<any, any, any, any>[];

/** When the current navigation's loader started each query it prefetched (by query hash). */
const prefetchedAt = new Map<string, number>();

/**
 * Starts a route's first queries while its code is still downloading. Not awaited: navigation
 * never waits for data, and the screen shows its own loading state until the answer is in the
 * cache. A failed prefetch leaves the query in error, and the screen asks again on mount.
 */
export function prefetchQueries(client: QueryClient, queries: readonly FetchQueryOptions<unknown, Error, unknown, readonly unknown[]>[]) {
  prefetchedAt.clear();
  const now = Date.now();
  for (const query of queries) {
    prefetchedAt.set(hashKey(query.queryKey), now);
    void client.prefetchQuery(query);
  }
}

/**
 * `refetchOnMount` of every query (lib/query-client.ts). TanStack's default refetches stale data
 * on mount, and with staleTime 0 the answer the route's loader just fetched is already stale
 * when the screen mounts: the request would go out twice. Data that arrived since this
 * navigation's prefetch started counts as fresh; anything else refetches as before.
 */
export function refetchOnMountUnlessPrefetched(query: Query): boolean {
  const startedAt = prefetchedAt.get(query.queryHash);
  return startedAt === undefined || query.state.dataUpdatedAt < startedAt;
}
