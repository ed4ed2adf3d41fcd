import { memo, useEffect, useRef } from 'react';
import { type SelectionStore, useIsSelected, usePageSelectionState } from './selection-store';
import classes from './table-view.module.css';
import type { RecordId } from './types';

const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

/**
 * Header checkbox: selects or clears every selectable row of the current page. A native checkbox,
 * like the rows' (one element; Mantine's is eight and sets state from an effect as it mounts).
 */
export function HeaderSelectionCheckbox({ store }: { store: SelectionStore }) {
  const state = usePageSelectionState(store);
  const ref = useRef<HTMLInputElement>(null);
  // "Some rows selected" has no attribute: it is the element's indeterminate property.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={classes.checkbox}
      aria-label="Select all rows on this page"
      checked={state === 'all'}
      onChange={() => store.setAll(state !== 'all')}
      onClick={stop}
    />
  );
}

interface RowSelectionCheckboxProps {
  store: SelectionStore;
  id: RecordId;
  label: string;
  disabled?: boolean;
}

/** Subscribes to its own row only, so a click re-renders one checkbox, not the table. */
export const RowSelectionCheckbox = memo(function RowSelectionCheckbox({ store, id, label, disabled }: RowSelectionCheckboxProps) {
  const checked = useIsSelected(store, id);
  return (
    <input
      type="checkbox"
      className={classes.checkbox}
      aria-label={label}
      checked={checked}
      disabled={disabled}
      data-row-select=""
      onClick={stop}
      onChange={(event) => store.toggle(id, { range: (event.nativeEvent as MouseEvent).shiftKey === true })}
    />
  );
});
