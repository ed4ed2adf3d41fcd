import { QueryClient, QueryObserver, timeoutManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COALESCE_FROM_MS, coalescedTimeouts, TIMER_GRID_MS } from './coalesced-timeouts';

// The browser's timers as vitest fakes them, counted: what the provider asks of them is the point.
function countedTimers() {
  const native = {
    setTimeout: vi.fn((callback: () => void, delay?: number) => setTimeout(callback, delay)),
    clearTimeout: vi.fn((id?: Parameters<typeof clearTimeout>[0]) => clearTimeout(id)),
    setInterval: vi.fn((callback: () => void, delay?: number) => setInterval(callback, delay)),
    clearInterval: vi.fn((id?: Parameters<typeof clearInterval>[0]) => clearInterval(id)),
  };
  return native as typeof native & Pick<typeof globalThis, 'setTimeout' | 'clearTimeout' | 'setInterval' | 'clearInterval'>;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000_250);
});
afterEach(() => vi.useRealTimers());

describe('coalescedTimeouts', () => {
  it('runs long timers due in the same second from one browser timer, never early and at most a second late', () => {
    const native = countedTimers();
    const timers = coalescedTimeouts(native);
    const ran: string[] = [];
    timers.setTimeout(() => ran.push('a'), 60_000);
    vi.advanceTimersByTime(300);
    timers.setTimeout(() => ran.push('b'), 60_000);
    expect(native.setTimeout).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(59_699); // 'a' is due in 1 ms: not yet
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual([]); // due on the grid, up to a second after its own delay
    vi.advanceTimersByTime(TIMER_GRID_MS);
    expect(ran).toEqual(['a', 'b']);
    expect(Date.now() - 1_000_000_250).toBeLessThanOrEqual(60_000 + TIMER_GRID_MS);
  });

  it('gives short delays the browser timer itself, with its precision', () => {
    const native = countedTimers();
    const timers = coalescedTimeouts(native);
    const run = vi.fn();
    const id = timers.setTimeout(run, COALESCE_FROM_MS - 1);
    expect(Number(id)).toBeGreaterThan(0);
    vi.advanceTimersByTime(COALESCE_FROM_MS - 1);
    expect(run).toHaveBeenCalledOnce();
    timers.clearTimeout(timers.setTimeout(run, 2000));
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledOnce();
    expect(native.clearTimeout).toHaveBeenCalledOnce();
  });

  it('cancels one timer of a shared second, and gives the browser timer back when the second is empty', () => {
    const native = countedTimers();
    const timers = coalescedTimeouts(native);
    const kept = vi.fn();
    const cancelled = vi.fn();
    const a = timers.setTimeout(kept, 30_000);
    const b = timers.setTimeout(cancelled, 30_000);
    expect(Number(a)).toBeLessThan(0);
    timers.clearTimeout(b);
    timers.clearTimeout(b); // twice is harmless
    expect(native.clearTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(31_000);
    expect(kept).toHaveBeenCalledOnce();
    expect(cancelled).not.toHaveBeenCalled();

    timers.clearTimeout(timers.setTimeout(cancelled, 30_000));
    expect(native.clearTimeout).toHaveBeenCalledOnce();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('still runs the rest of a second when one callback throws, and throws that error in a task of its own', () => {
    const timers = coalescedTimeouts(countedTimers());
    const after = vi.fn();
    timers.setTimeout(() => {
      throw new Error('boom');
    }, 20_000);
    timers.setTimeout(after, 20_000);
    vi.advanceTimersToNextTimer(); // the second's one browser timer
    expect(after).toHaveBeenCalledOnce();
    expect(() => vi.advanceTimersToNextTimer()).toThrow('boom');
  });

  it('does not run a timer that an earlier callback of the same second cleared', () => {
    const timers = coalescedTimeouts(countedTimers());
    const cleared = vi.fn();
    let later: ReturnType<typeof timers.setTimeout> | undefined;
    timers.setTimeout(() => timers.clearTimeout(later), 40_000);
    later = timers.setTimeout(cleared, 40_000);
    vi.advanceTimersByTime(40_000 + TIMER_GRID_MS);
    expect(cleared).not.toHaveBeenCalled();
  });

  it('passes intervals through', () => {
    const native = countedTimers();
    const timers = coalescedTimeouts(native);
    const tick = vi.fn();
    const id = timers.setInterval(tick, 15_000);
    vi.advanceTimersByTime(45_000);
    timers.clearInterval(id);
    vi.advanceTimersByTime(45_000);
    expect(tick).toHaveBeenCalledTimes(3);
    expect(native.clearInterval).toHaveBeenCalledOnce();
  });

  it("serves TanStack Query's observers: twelve observers of a fresh query set one browser timer and go stale on time", () => {
    const native = countedTimers();
    const timers = coalescedTimeouts(native);
    timeoutManager.setTimeoutProvider(timers);
    try {
      const client = new QueryClient();
      client.setQueryData(['users'], { rows: 1 });
      const observers = Array.from(
        { length: 12 },
        () => new QueryObserver(client, { queryKey: ['users'], queryFn: () => ({ rows: 2 }), staleTime: 60_000 }),
      );
      const unsubscribe = observers.map((o) => o.subscribe(() => undefined));
      expect(observers[0].getCurrentResult().isStale).toBe(false);
      // the stale timers of 12 observers, and the collection timer cleared when the first subscribed
      const longTimers = native.setTimeout.mock.calls.filter(([, delay]) => (delay ?? 0) >= COALESCE_FROM_MS - TIMER_GRID_MS);
      expect(longTimers.length).toBeGreaterThanOrEqual(1);
      expect(longTimers.length).toBeLessThanOrEqual(2);
      vi.advanceTimersByTime(59_000);
      expect(observers.some((o) => o.getCurrentResult().isStale)).toBe(false);
      vi.advanceTimersByTime(1000 + TIMER_GRID_MS);
      expect(observers.every((o) => o.getCurrentResult().isStale)).toBe(true);
      for (const stop of unsubscribe) stop();
      client.clear();
    } finally {
      timeoutManager.setTimeoutProvider(coalescedTimeouts());
    }
  });
});
