import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';

/**
 * Renders its children once their place scrolls into view, and keeps them from then on; until
 * then an empty box of the given height holds the place (no layout shift). For costly drawings
 * below the fold: on a phone the dashboards' per-day chart starts below the screen (five stat
 * cards above it), and drawing it (uPlot's chunk, its canvas and axes) was the longest task of
 * the load under Lighthouse mobile (0.1-0.16 s at 4x CPU, issue 17), for a chart nobody had
 * scrolled to. Scrolled to, it appears as soon as it is drawn; its summary and its table for
 * screen readers are there from the start. An IntersectionObserver reports after layout, so
 * nothing is measured while the page mounts.
 */
export function MountInView({ height, children }: { height: number; children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);

  useEffect(() => {
    const element = place.current;
    if (seen || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const watch = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        watch.disconnect();
        startTransition(() => setSeen(true));
      },
      { rootMargin: '0px' },
    );
    watch.observe(element);
    return () => watch.disconnect();
  }, [seen]);

  return seen ? children : <div ref={place} style={{ height }} data-in-view="waiting" />;
}
