import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeAlert, getActiveAlert, showAlert } from './alert-store';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('showAlert', () => {
  it.each([
    ['confirmed', { isConfirmed: true, isDenied: false, isDismissed: false }],
    ['denied', { isConfirmed: false, isDenied: true, isDismissed: false }],
    ['dismissed', { isConfirmed: false, isDenied: false, isDismissed: true }],
  ] as const)('resolves %s 300 ms after closing', async (outcome, expected) => {
    const result = showAlert({ title: 'Confirm Logout' });
    const active = getActiveAlert();
    expect(active?.opened).toBe(true);
    closeAlert(active!.id, outcome);
    expect(getActiveAlert()?.opened).toBe(false); // closing animation
    let settled = false;
    void result.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(299);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual(expected);
    expect(getActiveAlert()).toBeNull();
  });

  it('queues a second alert until the first has closed', async () => {
    const first = showAlert({ title: 'one' });
    const second = showAlert({ title: 'two' });
    expect(getActiveAlert()?.options.title).toBe('one');
    closeAlert(getActiveAlert()!.id, 'confirmed');
    await vi.advanceTimersByTimeAsync(300);
    await first;
    expect(getActiveAlert()).toMatchObject({ opened: true, options: { title: 'two' } });
    closeAlert(getActiveAlert()!.id, 'dismissed');
    await vi.advanceTimersByTimeAsync(300);
    await expect(second).resolves.toMatchObject({ isDismissed: true });
  });

  it('ignores a second close of the same alert', async () => {
    const result = showAlert({ title: 'x' });
    const id = getActiveAlert()!.id;
    closeAlert(id, 'confirmed');
    closeAlert(id, 'dismissed');
    await vi.advanceTimersByTimeAsync(300);
    await expect(result).resolves.toMatchObject({ isConfirmed: true });
  });
});
