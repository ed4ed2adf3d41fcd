import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';
import type { LiveState } from './live-connection';

/**
 * The state of each open live-update stream, by its path, for the whole app: the page that opens
 * a stream (use-live-updates.ts) writes it; its queries (polling fallback) and the indicator
 * (components/ui/live-indicator.tsx) read it.
 */
export type LiveStatus = {
  state: LiveState;
  /** When the data was last known current: the last event or ready, or the moment the stream was cut. */
  freshAt: number;
};

const statuses = new Map<string, LiveStatus>();
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function setLiveStatus(path: string, status: LiveStatus | undefined): void {
  if (status) statuses.set(path, status);
  else statuses.delete(path);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const useLiveStreamStatus = (path: string): LiveStatus | undefined =>
  useSyncExternalStore(
    subscribe,
    () => statuses.get(path),
    () => undefined,
  );

/**
 * The refetch interval for a query a live stream feeds: none while the stream is up (or still
 * opening), `pollMs` when it is cut or refused, or when no stream was opened for it.
 */
export function livePollInterval(status: LiveStatus | undefined, pollMs: number): number | false {
  return status?.state === 'live' || status?.state === 'connecting' ? false : pollMs;
}

/**
 * For query hooks: `pollMs` only while the stream at `path` is not delivering. The hook keeps the
 * interval, not the status: a screen re-renders when polling starts or stops, not on every event
 * (`freshAt`) or on connecting -> live. That re-render is a transition (as lib/use-query.ts's):
 * the screen that holds the query is the whole dashboard or list, and the stream opening at idle
 * time re-rendered it in one blocking task (0.1-0.2 s of a phone's CPU, Lighthouse mobile).
 */
export function useLivePolling(path: string, pollMs: number): number | false {
  const [interval, setPollInterval] = useState(() => livePollInterval(statuses.get(path), pollMs));
  useEffect(() => {
    const update = () => {
      const next = livePollInterval(statuses.get(path), pollMs);
      startTransition(() => setPollInterval(next));
    };
    // What changed between the render and the subscription.
    update();
    return subscribe(update);
  }, [path, pollMs]);
  return interval;
}
