import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyRoute } from './lazy-with-timeout';

const Screen = () => null;

describe('lazyRoute', () => {
  afterEach(() => vi.useRealTimers());

  it("starts the screen's import in the next task, not inside the navigation that asks for it", async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => ({ default: Screen }));
    const route = lazyRoute(load)();
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await expect(route).resolves.toEqual({ Component: Screen });
  });

  it('fails with a chunk-load error when the chunk does not arrive in time, and passes a load error on', async () => {
    vi.useFakeTimers();
    const never = lazyRoute(() => new Promise(() => undefined), 5_000)();
    const failed = expect(never).rejects.toThrow('Loading chunk failed: no answer within 5 s');
    await vi.advanceTimersByTimeAsync(5_000);
    await failed;
    const broken = lazyRoute(async () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    })();
    const passed = expect(broken).rejects.toThrow('Failed to fetch dynamically imported module');
    await vi.advanceTimersByTimeAsync(0);
    await passed;
  });
});
