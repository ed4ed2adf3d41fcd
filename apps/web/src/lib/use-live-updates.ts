import { LIVE_THROTTLE_MS, type LiveTopic } from '@console/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { buildUrl } from './api-client';
import { getSession, useSession } from './auth/session';
import { connectLive } from './live-connection';
import { setLiveStatus } from './live-status';
import { whenIdle } from './when-idle';

/** Which cached queries each topic makes stale: they refetch through their own, permission-checked endpoints. */
export type LiveInvalidations = Partial<Record<LiveTopic, readonly QueryKey[]>>;

/**
 * Calls `run(topic)` at most once per `ms` per topic: the first at once, the rest of a burst as
 * one call when the window ends (the server throttles too; this also covers a reconnect storm).
 */
export function createTopicThrottle(ms: number, run: (topic: LiveTopic) => void) {
  const last = new Map<LiveTopic, number>();
  const timers = new Map<LiveTopic, ReturnType<typeof setTimeout>>();
  const fire = (topic: LiveTopic) => {
    last.set(topic, Date.now());
    run(topic);
  };
  return {
    push(topic: LiveTopic) {
      if (timers.has(topic)) return;
      const wait = (last.get(topic) ?? -Infinity) + ms - Date.now();
      if (wait <= 0) return fire(topic);
      timers.set(
        topic,
        setTimeout(() => {
          timers.delete(topic);
          fire(topic);
        }, wait),
      );
    },
    cancel() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

/**
 * Opens the live-update stream at `path` (LIVE_API_PATHS) while the page is mounted and a session
 * exists, and refreshes the queries `invalidate` names when their topic changes. Its state is
 * published for the page's queries (useLivePolling: they poll only while it is down) and for the
 * indicator. When the stream comes back after a cut, everything it feeds is refetched once, as
 * changes made meanwhile were not announced.
 */
export function useLiveUpdates(path: string, invalidate: LiveInvalidations, enabled = true): void {
  const queryClient = useQueryClient();
  const token = useSession()?.accessToken;
  const keys = useRef(invalidate);
  keys.current = invalidate;

  useEffect(() => {
    if (!enabled || !token) return;
    const refresh = (topic: LiveTopic) => {
      for (const queryKey of keys.current[topic] ?? []) void queryClient.invalidateQueries({ queryKey });
    };
    const throttle = createTopicThrottle(LIVE_THROTTLE_MS, refresh);
    let wasCut = false;
    const connect = () =>
      connectLive({
        url: buildUrl(path),
        token: () => getSession()?.accessToken ?? null,
        onTopic: (topic) => {
          setLiveStatus(path, { state: 'live', freshAt: Date.now() });
          throttle.push(topic);
        },
        onState: (state) => {
          setLiveStatus(path, { state, freshAt: Date.now() });
          if (state === 'live' && wasCut) for (const topic of Object.keys(keys.current) as LiveTopic[]) throttle.push(topic);
          if (state === 'down' || state === 'stopped') wasCut = true;
        },
      });
    // The stream opens once the browser is idle (within a second): the screen's first requests
    // and renders go first.
    let close: (() => void) | undefined;
    const cancel = whenIdle(() => {
      close = connect();
    }, 1000);
    return () => {
      cancel();
      close?.();
      throttle.cancel();
      setLiveStatus(path, undefined);
    };
  }, [path, enabled, token, queryClient]);
}
