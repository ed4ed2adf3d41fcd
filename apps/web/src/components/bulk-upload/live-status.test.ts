import { describe, expect, it } from 'vitest';
import { LiveTracker } from './live-status';

describe('live status of bulk uploads', () => {
  it('is busy while a just-uploaded row is not seen finished, and stops when it is', () => {
    const t = new LiveTracker();
    expect(t.busy()).toBe(false);
    t.track([
      { id: 1, status: 'pending' },
      { id: 2, status: 'pending' },
    ]);
    expect(t.busy()).toBe(true);
    t.observe([{ id: 1, status: 'completed' }]);
    expect(t.busy()).toBe(true);
    t.observe([{ id: 2, status: 'failed' }]);
    expect(t.busy()).toBe(false);
  });

  it('follows pending or processing rows a list shows, until the page no longer shows them', () => {
    const t = new LiveTracker();
    t.observe([
      { id: 5, status: 'processing' },
      { id: 6, status: 'failed' },
    ]);
    expect(t.busy()).toBe(true);
    t.forgetVisible([5, 6]);
    expect(t.busy()).toBe(false);
  });

  it('does not wait for a row the lists showed finished before the upload answered, and says its work is done', () => {
    const t = new LiveTracker();
    // The upload settles, its lists are read again and the small job has already finished...
    t.observe([{ id: 3, status: 'partially-failed' }]);
    // ...then the answer (rows as they were when accepted) arrives.
    expect(t.track([{ id: 3, status: 'pending' }])).toBe(true);
    expect(t.busy()).toBe(false);
    // A row not seen yet is awaited as before.
    expect(t.track([{ id: 4, status: 'pending' }])).toBe(false);
    expect(t.busy()).toBe(true);
  });

  it('awaits a retried row again once a list shows it pending', () => {
    const t = new LiveTracker();
    t.observe([{ id: 7, status: 'failed' }]);
    t.observe([{ id: 7, status: 'pending' }]);
    t.forgetVisible([7]);
    expect(t.track([{ id: 7, status: 'pending' }])).toBe(false);
    expect(t.busy()).toBe(true);
  });

  it('gives up on a tracked row that never shows up after five minutes', () => {
    const t = new LiveTracker();
    t.track([{ id: 9, status: 'pending' }], 0);
    expect(t.busy(60_000)).toBe(true);
    expect(t.busy(5 * 60_000 + 1)).toBe(false);
  });
});
