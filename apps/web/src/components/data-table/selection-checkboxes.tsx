import { Checkbox } from '@mantine/core';
import { memo } from 'react';
import { type SelectionStore, useIsSelected, usePageSelectionState } from './selection-store';
import type { RecordId } from './types';

/** Header checkbox: selects or clears every selectable row of the current page. */
export function HeaderSelectionCheckbox({ store }: { store: SelectionStore }) {
  const state = usePageSelectionState(store);
  return (
    <Checkbox
      size="xs"
      aria-label="Select all rows on this page"
      checked={state === 'all'}
      indeterminate={state === 'some'}
      onChange={() => store.setAll(state !== 'all')}
      onClick={(event) => event.stopPropagation()}
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
    <Checkbox
      size="xs"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      data-row-select
      onClick={(event) => event.stopPropagation()}
      onChange={(event) => store.toggle(id, { range: (event.nativeEvent as MouseEvent).shiftKey === true })}
    />
  );
});
