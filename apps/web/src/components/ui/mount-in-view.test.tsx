import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MountInView } from './mount-in-view';

type Report = (entries: Partial<IntersectionObserverEntry>[]) => void;

/** A controllable IntersectionObserver: the test says when the observed box comes into range. */
function installObserver() {
  const observers: { report: Report; options?: IntersectionObserverInit; observed: Element[]; disconnected: boolean }[] = [];
  class FakeObserver {
    private readonly record: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.record = {
        report: (e) => callback(e as IntersectionObserverEntry[], this as never),
        options,
        observed: [],
        disconnected: false,
      };
      observers.push(this.record);
    }
    observe(element: Element) {
      this.record.observed.push(element);
    }
    disconnect() {
      this.record.disconnected = true;
    }
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return observers;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MountInView', () => {
  let observers: ReturnType<typeof installObserver>;
  beforeEach(() => {
    observers = installObserver();
  });

  it('holds the place at the given height until the box scrolls into view, then keeps the content', async () => {
    const { container, rerender } = render(
      <MountInView height={280}>
        <p>chart</p>
      </MountInView>,
    );
    expect(screen.queryByText('chart')).not.toBeInTheDocument();
    const place = container.querySelector('[data-in-view="waiting"]') as HTMLElement;
    expect(place.style.height).toBe('280px');
    expect(observers).toHaveLength(1);
    expect(observers[0]?.observed).toEqual([place]);
    expect(observers[0]?.options?.rootMargin).toBe('0px');

    // Out of range: still waiting.
    await act(async () => observers[0]?.report([{ isIntersecting: false }]));
    expect(screen.queryByText('chart')).not.toBeInTheDocument();

    await act(async () => observers[0]?.report([{ isIntersecting: true }]));
    expect(screen.getByText('chart')).toBeInTheDocument();
    expect(container.querySelector('[data-in-view]')).toBeNull();
    expect(observers[0]?.disconnected).toBe(true);

    // Re-rendered later: mounted for good, no new observer.
    rerender(
      <MountInView height={280}>
        <p>chart</p>
      </MountInView>,
    );
    expect(screen.getByText('chart')).toBeInTheDocument();
    expect(observers).toHaveLength(1);
  });

  it('stops watching when it unmounts before it was seen', () => {
    const { unmount } = render(
      <MountInView height={100}>
        <p>chart</p>
      </MountInView>,
    );
    unmount();
    expect(observers[0]?.disconnected).toBe(true);
  });
});

describe('MountInView without IntersectionObserver', () => {
  it('renders the content at once', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <MountInView height={100}>
        <p>chart</p>
      </MountInView>,
    );
    expect(await screen.findByText('chart')).toBeInTheDocument();
  });
});
