import { CONFIRM_TEXT } from '@console/contract';
import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { whenFocusLost } from '../ui/when-focus-lost';
import { type SelectionStore, useSelectedIds } from './selection-store';
import type { ConfirmDeleteRequest, RecordId } from './types';

export interface BulkDeleteButtonProps {
  store: SelectionStore;
  onConfirmDelete: (request: ConfirmDeleteRequest) => Promise<boolean>;
  onBulkDelete: (ids: RecordId[]) => Promise<unknown> | unknown;
  /** After a successful delete (the table refetches here). */
  onDeleted?: () => Promise<unknown> | unknown;
  /** Where focus goes once the selected rows are gone and this button is disabled (the table's select-all box). */
  focusAfterDelete?: () => HTMLElement | null | undefined;
}

/** Asks the caller's confirm dialog (spec s.8 texts), then deletes the selected rows. */
export function BulkDeleteButton({ store, onConfirmDelete, onBulkDelete, onDeleted, focusAfterDelete }: BulkDeleteButtonProps) {
  const selected = useSelectedIds(store);
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Counts finished deletes: the effect below runs after the render that shows the outcome (a
  // fast answer can batch `busy` on and off into one render, so `busy` alone is no signal).
  const [finished, setFinished] = useState(0);

  // While it deletes, the button is disabled, so focus (given back by the confirm dialog) falls to
  // <body>. Once done: back on the button when the selection stays (a failure), else on the
  // table's select-all box; never taken from where the user has gone meanwhile.
  const focusAfter = useRef(focusAfterDelete);
  focusAfter.current = focusAfterDelete;
  useEffect(() => {
    if (finished === 0) return;
    const cancel = whenFocusLost(() => {
      if (button.current && !button.current.disabled) button.current.focus();
      else focusAfter.current?.()?.focus();
    });
    return () => void cancel();
  }, [finished]);

  const run = async () => {
    const ids = [...store.getSelected()];
    if (ids.length === 0) return;
    const confirmed = await onConfirmDelete({
      title: CONFIRM_TEXT.deleteTitle,
      text: CONFIRM_TEXT.deleteBody,
      confirmButtonText: CONFIRM_TEXT.deleteConfirm,
      cancelButtonText: CONFIRM_TEXT.cancel,
      count: ids.length,
      ids,
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await onBulkDelete(ids);
      store.clear();
      await onDeleted?.();
    } catch {
      // The caller reports the failure (toast); the selection stays so the user can retry.
    } finally {
      setBusy(false);
      setFinished((n) => n + 1);
    }
  };

  return (
    <Button
      ref={button}
      color="red"
      variant="light"
      leftSection={<IconTrash size={16} aria-hidden />}
      disabled={selected.length === 0}
      loading={busy}
      onClick={run}
    >
      {selected.length > 0 ? `Delete selected (${selected.length})` : 'Delete selected'}
    </Button>
  );
}
