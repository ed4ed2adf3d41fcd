import {
  type DefaultError,
  notifyManager,
  type QueryKey,
  QueryObserver,
  type UseQueryOptions,
  type UseQueryResult,
  useQueryClient,
} from '@tanstack/react-query';
import { startTransition, useEffect, useReducer, useState } from 'react';

/**
 * TanStack Query's useQuery, with one difference: an answer (or any other change of the query)
 * re-renders its screen as a transition. TanStack's own hook re-renders through
 * useSyncExternalStore, which React always renders as one blocking task: a page of rows, a
 * dashboard or the shell's menus arriving froze the page for the whole render (Lighthouse
 * mobile: 0.1-0.6 s per answer on the list and the dashboard). A transition is rendered in
 * slices of a few ms, with paints and input between them, and committed when it is done.
 *
 * An effect that follows the answers (rows shown, a title, a default picked from them) is written with
 * useChangeEffect (use-change-effect.ts): React may skip a listed-dependency effect when a transition commits.
 *
 * Everything else is TanStack's: the observer computes the result (cache, placeholder data,
 * retries, refetch on mount), the result tracks the fields read (only their changes re-render),
 * and the value returned is the one for this render's options, as in useBaseQuery.
 */
export function useQuery<TQueryFnData = unknown, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): UseQueryResult<TData, TError> {
  const client = useQueryClient();
  const defaulted = client.defaultQueryOptions(options);
  defaulted._optimisticResults = 'optimistic';
  const [observer] = useState(() => new QueryObserver<TQueryFnData, TError, TData, TQueryFnData, TQueryKey>(client, defaulted));
  const result = observer.getOptimisticResult(defaulted);
  // The observer's result as this render saw it, to tell after subscribing whether it moved on.
  const seen = observer.getCurrentResult();
  const [, rerender] = useReducer((n: number) => n + 1, 0);

  // After every commit (the options are a new object on each render anyway): without a dependency list, which
  // React 19 may skip when a transition commits (see use-change-effect.ts); a skipped call left the observer on
  // the options of an earlier render.
  useEffect(() => {
    observer.setOptions(defaulted);
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `seen` is read once, at subscription, as useSyncExternalStore does
  useEffect(() => {
    const unsubscribe = observer.subscribe(notifyManager.batchCalls(() => startTransition(rerender)));
    // What changed between the render and the subscription (useSyncExternalStore checks the same).
    observer.updateResult();
    if (observer.getCurrentResult() !== seen) startTransition(rerender);
    return unsubscribe;
  }, [observer]);

  return (defaulted.notifyOnChangeProps ? result : observer.trackResult(result)) as UseQueryResult<TData, TError>;
}
