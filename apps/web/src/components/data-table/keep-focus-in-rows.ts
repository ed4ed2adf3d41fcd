import { type FocusEvent, useCallback, useRef } from 'react';
import { whenFocusLost } from '../ui/when-focus-lost';
import { useChangeLayoutEffect } from '../../lib/use-change-effect';

const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
/** The focused element, its row and cell, and which of the cell's focusable elements it was. */
type Place = { element: HTMLElement; row: number; cell: number; nth: number };

const focusablesIn = (scope: Element | undefined) => [...(scope?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];

/**
 * Keeps the keyboard user's place when the row they were on goes away (deleted, here or by
 * someone else, or filtered out by an edit): focus moves to the same control of the row that took
 * its place (the next one, or the last row when it was the last), else to the table itself. Without
 * it, focus fell to <body> and the next Tab started again from the top of the page.
 *
 * Focus is only moved when it was lost: a user who has gone on to something else is left there
 * (whenFocusLost, which also waits for a confirm dialog that is still closing).
 */
export function useKeepFocusInRows(records: readonly unknown[]) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const place = useRef<Place | null>(null);

  const onFocus = useCallback((event: FocusEvent<HTMLTableSectionElement>) => {
    const element = event.target as HTMLElement;
    const cell = element.closest('td');
    const row = cell?.parentElement;
    if (!cell || !(row instanceof HTMLTableRowElement)) return;
    place.current = { element, row: row.sectionRowIndex, cell: cell.cellIndex, nth: focusablesIn(cell).indexOf(element) };
  }, []);

  // Leaving the rows for another control forgets the place ("Delete selected" takes the rows
  // away, and then has its own rule). Into a dialog (the row's confirm, its edit drawer), or to
  // nothing (the element was removed, the window lost focus), it is kept.
  const onBlur = useCallback((event: FocusEvent<HTMLTableSectionElement>) => {
    const next = event.relatedTarget;
    if (!(next instanceof Element) || event.currentTarget.contains(next) || next.closest('[role="dialog"], [role="alertdialog"]')) return;
    place.current = null;
  }, []);

  // Rows come in a query's transition: useChangeLayoutEffect (lib/use-change-effect.ts) runs on each new set.
  useChangeLayoutEffect(() => {
    const lost = place.current;
    if (!lost || lost.element.isConnected) return;
    place.current = null;
    const cancel = whenFocusLost(() => {
      const body = bodyRef.current;
      if (!body?.isConnected) return;
      const rows = [...body.rows].filter((row) => !row.dataset.held);
      const row = rows[Math.min(lost.row, rows.length - 1)];
      // The same button of the row actions (Delete stays Delete), or the cell's last, or the row's first.
      const inCell = focusablesIn(row?.cells[lost.cell]);
      const target = inCell[Math.min(Math.max(lost.nth, 0), inCell.length - 1)] ?? focusablesIn(row)[0];
      if (target) return target.focus();
      // No row left: the table (a screen reader names it; its empty message follows it).
      const table = body.closest('table');
      if (!table) return;
      table.tabIndex = -1;
      table.focus();
    });
    // The rows changed again while a closing dialog held focus: the next run waits on.
    return () => {
      if (cancel() && !place.current) place.current = lost;
    };
  }, [records]);

  return { bodyRef, onFocus, onBlur };
}
