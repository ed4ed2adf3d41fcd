import { createContext, type FocusEvent, startTransition, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { useChangeEffect, useChangeLayoutEffect } from '../../lib/use-change-effect';

/**
 * A long page (over WINDOW_FROM rows, up to 500) draws the rows that fill the table's body once
 * (at least FIRST_ROWS) and holds the rest in one empty row as tall as they would be, until the
 * body is scrolled (or a keyboard user tabs) near them; a drawn row stays drawn. One spacer, not
 * an empty row per held record. Drawing all 500 rows (then about 56 elements each) took seconds of
 * a phone's CPU before anything could be clicked (Lighthouse mobile: 3.8 s of blocking time on the
 * users list); the body is capped at 65vh, so at most a few dozen rows are ever in view. Shorter
 * pages draw every row.
 */
export const WINDOW_FROM = 100;
/**
 * Rows drawn before anything is measured: about what a phone shows of the body at first (the
 * body is capped at 65vh, but on a phone the filters and the toolbar push most of it below the
 * window). Creating rows is most of what a cold load of a list pays (under Lighthouse's trace
 * every element created is an invalidation it records, times four for a phone): the rest of the
 * view is drawn once the browser has laid the body out, and more as it comes into view.
 */
const FIRST_ROWS = 6;
/** Rows drawn past the last one in view when the page arrives. */
const FIRST_MARGIN = 3;
/** Rows drawn beyond what is needed, so each scroll step draws a batch, not a row at a time. */
const STEP = 50;
/** Before the first row is measured: a row with one line of text. */
const ESTIMATED_ROW_HEIGHT = 45;

export type RowWindow = {
  /** Rows [0, drawn) are drawn; the rest are held. */
  drawn: number;
  /** A held row's height (the drawn rows' average). */
  rowHeight: number;
  /** The page's rows, drawn and held. */
  rows: number;
  /** Cells per row, for the held row's one spanning cell. */
  columns: number;
};

const ALL: RowWindow = { drawn: Number.POSITIVE_INFINITY, rowHeight: 0, rows: 0, columns: 1 };
const RowWindowContext = createContext<RowWindow>(ALL);
export const RowWindowProvider = RowWindowContext.Provider;
export const useRowWindowState = () => useContext(RowWindowContext);

/**
 * The window over `rows` (the page's records): the value for RowWindowProvider, and the scroll and
 * focus handlers for the table's scroll viewport. `pageKey` changes when another page, sort or
 * filter arrives: the window starts again from where the body is scrolled to.
 */
export function useRowWindow(rows: number, columns: number, pageKey: unknown) {
  const viewportRef = useRef<HTMLDivElement | null>(null);
  const windowed = rows > WINDOW_FROM;
  const [drawn, setDrawn] = useState(FIRST_ROWS);
  const [rowHeight, setRowHeight] = useState(ESTIMATED_ROW_HEIGHT);

  /**
   * Draws enough rows to fill the body down to its scroll position plus `views` views, and
   * `margin` rows more: a view ahead while the body scrolls, just the view when the page arrives.
   * `inWindow`: the view is the part of the body inside the browser's window (the body may start
   * below it), as when the page arrives or the window scrolls the body into view.
   */
  const fill = useCallback((views: number, margin: number, inWindow = false) => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    // The drawn rows' average height from where they start and end (a few reads), not one read
    // per drawn row: this runs on every scroll event. The held row, if any, is the body's last.
    const body = viewport.querySelector('tbody');
    const firstRow = body?.rows[0];
    const lastRow = body?.rows[body.rows.length - 1];
    const held = lastRow?.dataset.held ? lastRow : undefined;
    const drawnCount = held ? held.sectionRowIndex : (body?.rows.length ?? 0);
    const drawnEnd = held ? held.offsetTop : lastRow ? lastRow.offsetTop + lastRow.offsetHeight : 0;
    const measured = firstRow && drawnCount > 0 ? (drawnEnd - firstRow.offsetTop) / drawnCount : 0;
    // Drawn as a transition (in slices, with paints between): this runs from a ResizeObserver,
    // an IntersectionObserver or a scroll event, whose updates React would otherwise render as
    // one blocking task.
    if (measured > 0) startTransition(() => setRowHeight(Math.round(measured)));
    const height = measured || ESTIMATED_ROW_HEIGHT;
    let view = viewport.clientHeight;
    if (inWindow) {
      const box = viewport.getBoundingClientRect();
      view = Math.max(0, Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0));
    }
    const wanted = Math.ceil((viewport.scrollTop + views * view) / height);
    startTransition(() => setDrawn((current) => (wanted > current ? wanted + margin : current)));
  }, []);

  // Another page: back to the first rows, or as many as the body's scroll position needs. The body
  // is measured once the browser has laid it out (a ResizeObserver reports after layout): read
  // in the commit, every new row's style and layout was computed inside the script, which under
  // Lighthouse's trace cost 0.3-0.5 s on the users list instead of ~20 ms in the frame.
  // A new page arrives in a query's transition: useChangeLayoutEffect (lib/use-change-effect.ts) runs on it.
  useChangeLayoutEffect(() => {
    setDrawn(FIRST_ROWS);
    const viewport = viewportRef.current;
    if (!windowed || !viewport) return;
    const laidOut = new ResizeObserver(() => {
      laidOut.disconnect();
      fill(1, FIRST_MARGIN, true);
    });
    laidOut.observe(viewport);
    return () => laidOut.disconnect();
  }, [pageKey, windowed, fill]);

  // The held rows come into view (the window scrolled the body up, or the body is taller than
  // what was drawn): draw what is in view. Observed again after each draw, since the held row
  // is the same element, further down, and may still be in view.
  useChangeEffect(() => {
    const held = windowed ? viewportRef.current?.querySelector('tbody tr[data-held]') : null;
    if (!held) return;
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) fill(1, FIRST_MARGIN, true);
    });
    seen.observe(held);
    return () => seen.disconnect();
  }, [windowed, drawn, fill]);

  /** Tabbing into the last drawn rows draws the next ones, so the keyboard never skips them. */
  const onFocusCapture = useCallback(
    (event: FocusEvent<HTMLElement>) => {
      const row = (event.target as HTMLElement).closest('tr');
      if (row && row.sectionRowIndex >= drawn - 5) setDrawn((current) => current + STEP);
    },
    [drawn],
  );

  const value = useMemo<RowWindow>(
    () => (windowed ? { drawn, rowHeight, rows, columns } : ALL),
    [windowed, drawn, rowHeight, rows, columns],
  );
  const onScroll = useCallback(() => fill(2, STEP / 2), [fill]);
  return { value, viewportRef, onScroll: windowed ? onScroll : undefined, onFocusCapture: windowed ? onFocusCapture : undefined };
}
