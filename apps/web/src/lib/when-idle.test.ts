import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

afterEach(() => vi.unstubAllGlobals());

describe('whenIdle', () => {
  it('runs when the browser reports idle time, with the timeout it was given, and can be cancelled', () => {
    const callbacks = new Map<number, () => void>();
    const idle = vi.fn((run: () => void, _options: { timeout: number }) => {
      callbacks.set(callbacks.size + 1, run);
      return callbacks.size;
    });
    const cancelIdle = vi.fn((handle: number) => callbacks.delete(handle));
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('cancelIdleCallback', cancelIdle);
    const run = vi.fn();
    whenIdle(run, 2000);
    expect(idle).toHaveBeenCalledWith(run, { timeout: 2000 });
    expect(run).not.toHaveBeenCalled();
    callbacks.get(1)?.();
    expect(run).toHaveBeenCalledOnce();
    const cancel = whenIdle(run, 500);
    cancel();
    expect(cancelIdle).toHaveBeenCalledWith(2);
  });

  it('falls back to the next task where there is no requestIdleCallback', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const run = vi.fn();
    whenIdle(run, 1000);
    expect(run).not.toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 0));
    expect(run).toHaveBeenCalledOnce();
    const cancelled = vi.fn();
    whenIdle(cancelled, 1000)();
    await new Promise((r) => setTimeout(r, 0));
    expect(cancelled).not.toHaveBeenCalled();
  });
});
