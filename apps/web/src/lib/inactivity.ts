import { useCallback, useEffect, useRef, useState } from 'react';

/** The warning shows for the last 60 s, or the last 10 % when the timeout is short. */
export function warningWindowMs(timeoutMs: number): number {
  return Math.max(0, Math.min(60_000, Math.round(timeoutMs * 0.1)));
}

export type InactivityPhase = { phase: 'active'; warnInMs: number } | { phase: 'warning'; remainingMs: number } | { phase: 'expired' };

/** Where a session stands `now`, given the last input time. Pure, so the timing rules are testable. */
export function inactivityPhase(now: number, lastActivity: number, timeoutMs: number): InactivityPhase {
  const idle = Math.max(0, now - lastActivity);
  if (idle >= timeoutMs) return { phase: 'expired' };
  const warnAt = timeoutMs - warningWindowMs(timeoutMs);
  if (idle >= warnAt) return { phase: 'warning', remainingMs: timeoutMs - idle };
  return { phase: 'active', warnInMs: warnAt - idle };
}

export const HEARTBEAT_INTERVAL_MS = 60_000;

/**
 * At most one heartbeat a minute; with a short (test) timeout, often enough that the server's
 * idle limit (the same timeout) cannot pass while the user is busy.
 */
export function heartbeatIntervalMs(timeoutMs: number): number {
  return Math.min(HEARTBEAT_INTERVAL_MS, Math.max(1000, Math.floor(timeoutMs / 4)));
}

/**
 * When the next heartbeat may go out. Heartbeats are throttled to one a minute but trailing:
 * input after the last heartbeat is always reported within a minute, so the server's idle
 * clock never runs ahead of the browser's.
 */
export function nextHeartbeatAt(lastHeartbeat: number, lastActivity: number, intervalMs: number = HEARTBEAT_INTERVAL_MS): number | null {
  if (lastActivity <= lastHeartbeat) return null;
  return Math.max(lastActivity, lastHeartbeat + intervalMs);
}

const INPUT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
const CHANNEL = 'console-activity';

export type InactivityOptions = {
  timeoutMs: number;
  /** Track input and send heartbeats. */
  enabled: boolean;
  /** Warn and sign out after the timeout (off for remembered sessions). */
  signOutEnabled: boolean;
  onTimeout: () => void;
  onHeartbeat: () => void;
};

/**
 * Watches input in this tab (and, via BroadcastChannel, in the console's other tabs, so one
 * idle tab does not sign out a user busy in another). Returns the warning state.
 */
export function useInactivity({ timeoutMs, enabled, signOutEnabled, onTimeout, onHeartbeat }: InactivityOptions) {
  const lastActivity = useRef(Date.now());
  const lastHeartbeat = useRef(Date.now());
  const warningRef = useRef(false);
  const [remainingMs, setRemainingMs] = useState<number | null>(null);
  const callbacks = useRef({ onTimeout, onHeartbeat });
  callbacks.current = { onTimeout, onHeartbeat };

  const [tick, setTick] = useState(0);
  const reschedule = useCallback(() => setTick((t) => t + 1), []);

  const stay = useCallback(() => {
    lastActivity.current = Date.now();
    warningRef.current = false;
    setRemainingMs(null);
    lastHeartbeat.current = Date.now();
    callbacks.current.onHeartbeat();
    reschedule();
  }, [reschedule]);

  // Input tracking and heartbeats.
  useEffect(() => {
    if (!enabled) return;
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    let lastBroadcast = 0;
    let heartbeatTimer: ReturnType<typeof setTimeout> | undefined;

    const scheduleHeartbeat = () => {
      if (heartbeatTimer) return;
      const at = nextHeartbeatAt(lastHeartbeat.current, lastActivity.current, heartbeatIntervalMs(timeoutMs));
      if (at === null) return;
      heartbeatTimer = setTimeout(
        () => {
          heartbeatTimer = undefined;
          lastHeartbeat.current = Date.now();
          callbacks.current.onHeartbeat();
        },
        Math.max(0, at - Date.now()),
      );
    };

    const onInput = () => {
      // While the warning is up only 'Stay signed in' counts, so a stray mouse move cannot hide it.
      if (warningRef.current) return;
      const now = Date.now();
      lastActivity.current = now;
      scheduleHeartbeat();
      if (channel && now - lastBroadcast > 5000) {
        lastBroadcast = now;
        channel.postMessage(now);
      }
    };
    const onRemote = (event: MessageEvent) => {
      if (typeof event.data === 'number' && event.data > lastActivity.current) {
        lastActivity.current = event.data;
        // The other tab sends the heartbeats for that input.
        lastHeartbeat.current = Math.max(lastHeartbeat.current, event.data);
        if (warningRef.current) {
          warningRef.current = false;
          setRemainingMs(null);
          reschedule();
        }
      }
    };

    for (const name of INPUT_EVENTS) window.addEventListener(name, onInput, { passive: true, capture: true });
    channel?.addEventListener('message', onRemote);
    return () => {
      for (const name of INPUT_EVENTS) window.removeEventListener(name, onInput, { capture: true });
      channel?.close();
      if (heartbeatTimer) clearTimeout(heartbeatTimer);
    };
  }, [enabled, reschedule, timeoutMs]);

  // The countdown: sleeps until the warning is due, then ticks every second.
  const countdown = enabled && signOutEnabled;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new tick (activity here or in another tab) restarts the countdown
  useEffect(() => {
    if (!countdown) {
      warningRef.current = false;
      setRemainingMs(null);
      return;
    }
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const state = inactivityPhase(Date.now(), lastActivity.current, timeoutMs);
      if (state.phase === 'expired') {
        warningRef.current = false;
        setRemainingMs(null);
        callbacks.current.onTimeout();
        return;
      }
      if (state.phase === 'warning') {
        warningRef.current = true;
        setRemainingMs(state.remainingMs);
        timer = setTimeout(check, Math.min(1000, state.remainingMs));
        return;
      }
      warningRef.current = false;
      setRemainingMs(null);
      timer = setTimeout(check, state.warnInMs);
    };
    check();
    return () => clearTimeout(timer);
  }, [countdown, timeoutMs, tick]);

  return { warning: remainingMs !== null, remainingMs: remainingMs ?? 0, stay };
}
