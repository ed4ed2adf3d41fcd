import { CONFIRM_TEXT } from '@console/contract';
import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { type SelectionStore, useSelectedIds } from './selection-store';
import type { ConfirmDeleteRequest, RecordId } from './types';

export interface BulkDeleteButtonProps {
  store: SelectionStore;
  onConfirmDelete: (request: ConfirmDeleteRequest) => Promise<boolean>;
  onBulkDelete: (ids: RecordId[]) => Promise<unknown> | unknown;
  /** After a successful delete (the table refetches here). */
  onDeleted?: () => Promise<unknown> | unknown;
}

/** Asks the caller's confirm dialog (spec s.8 texts), then deletes the selected rows. */
export function BulkDeleteButton({ store, onConfirmDelete, onBulkDelete, onDeleted }: BulkDeleteButtonProps) {
  const selected = useSelectedIds(store);
  const [busy, setBusy] = useState(false);

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
    }
  };

  return (
    <Button
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
