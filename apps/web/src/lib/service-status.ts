import { useSyncExternalStore } from 'react';

/**
 * Whether the API last said it cannot serve (503: its database is away or full), for the whole
 * app: the API client reports every answer here, the notice (components/ui/service-notice.tsx)
 * shows while it lasts, and reads retry after the wait the API asked for (Retry-After).
 */

/** What the API's Retry-After asks for when it sends none, and the longest wait between retries. */
const DEFAULT_RETRY_AFTER_MS = 5_000;
const MAX_RETRY_DELAY_MS = 30_000;

let unavailable = false;
let retryAfterMs = DEFAULT_RETRY_AFTER_MS;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (next === unavailable) return;
  unavailable = next;
  for (const listener of listeners) listener();
}

/** Retry-After in milliseconds: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Called by the API client with every answer's status (and Retry-After on a 503). */
export function reportServiceStatus(status: number, retryAfter?: number): void {
  if (status === 503) {
    retryAfterMs = retryAfter ?? DEFAULT_RETRY_AFTER_MS;
    set(true);
  } else if (status < 500) {
    set(false);
  }
}

export const isServiceUnavailable = (): boolean => unavailable;

/**
 * The wait before retry number `attempt` (0 for the first): exponential from one second, never
 * shorter than what the API asked for, never longer than 30 s.
 */
export function unavailableRetryDelay(attempt: number, askedMs: number = retryAfterMs): number {
  return Math.min(Math.max(askedMs, 1000 * 2 ** attempt), Math.max(askedMs, MAX_RETRY_DELAY_MS));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the API answers 503; re-renders when that changes. */
export function useServiceUnavailable(): boolean {
  return useSyncExternalStore(subscribe, isServiceUnavailable, () => false);
}
