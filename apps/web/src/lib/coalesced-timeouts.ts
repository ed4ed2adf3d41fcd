import type { ManagedTimerId, TimeoutCallback, TimeoutProvider } from '@tanstack/react-query';

/** Long timers are due on this grid: a callback runs at most this much after its delay, never before. */
export const TIMER_GRID_MS = 1000;
/** Shorter delays (retries, a 5 s dashboard refresh) keep the browser's own timer and its precision. */
export const COALESCE_FROM_MS = 10_000;

type NativeTimers = Pick<typeof globalThis, 'setTimeout' | 'clearTimeout' | 'setInterval' | 'clearInterval'>;

/**
 * TanStack Query's timers on a shared grid (its timeoutManager's documented hook, "a custom
 * TimeoutProvider that coalesces timeouts"). Every query observer sets a timer for when its data
 * goes stale (30 s to 5 min here) and every cache entry one for when it is collected (5 min), so a
 * screen's first render set and cleared one browser timer per query and per observer: 11 set and 6
 * cleared in the users list's first commit, 42 set in its whole load. Each costs ~0.3 ms there
 * under Lighthouse's trace, which records a JavaScript stack with it (issue 17: ~13 ms of that
 * commit's 44 ms of CPU). Timers of 10 s or more now share one browser timer per second of due
 * time: the whole load sets 23. A stale or collection time up to a second late changes nothing a
 * user sees.
 *
 * Ids of coalesced timers are negative numbers, so they never meet the browser's own (positive)
 * ids. One callback that throws does not keep the others of its second from running: the error
 * is thrown again in a task of its own, as a timer of its own would have thrown it.
 */
export function coalescedTimeouts(native: NativeTimers = globalThis, now: () => number = () => Date.now()): TimeoutProvider {
  type Slot = { due: number; timer: ReturnType<typeof setTimeout>; callbacks: Map<number, TimeoutCallback> };
  const slots = new Map<number, Slot>();
  const slotOf = new Map<number, Slot>();
  let lastId = 0;

  const run = (slot: Slot) => {
    slots.delete(slot.due);
    // A callback may clear another of the same second: deleted from the map, it is not visited.
    for (const [id, callback] of slot.callbacks) {
      slotOf.delete(id);
      try {
        callback();
      } catch (error) {
        native.setTimeout(() => {
          throw error;
        }, 0);
      }
    }
  };

  return {
    setTimeout(callback, delay) {
      if (!(delay >= COALESCE_FROM_MS)) return native.setTimeout(callback, delay) as ManagedTimerId;
      const due = Math.ceil((now() + delay) / TIMER_GRID_MS) * TIMER_GRID_MS;
      let slot = slots.get(due);
      if (!slot) {
        const created: Slot = { due, callbacks: new Map(), timer: native.setTimeout(() => run(created), due - now()) };
        slots.set(due, created);
        slot = created;
      }
      lastId -= 1;
      slot.callbacks.set(lastId, callback);
      slotOf.set(lastId, slot);
      return lastId;
    },
    clearTimeout(id) {
      if (typeof id !== 'number' || id >= 0) {
        native.clearTimeout(id as Parameters<typeof clearTimeout>[0]);
        return;
      }
      const slot = slotOf.get(id);
      if (!slot) return;
      slotOf.delete(id);
      slot.callbacks.delete(id);
      // An emptied second gives its browser timer back: an idle page keeps no timer running.
      if (slot.callbacks.size === 0 && slots.get(slot.due) === slot) {
        native.clearTimeout(slot.timer);
        slots.delete(slot.due);
      }
    },
    setInterval: (callback, delay) => native.setInterval(callback, delay) as ManagedTimerId,
    clearInterval: (id) => native.clearInterval(id as Parameters<typeof clearInterval>[0]),
  };
}
