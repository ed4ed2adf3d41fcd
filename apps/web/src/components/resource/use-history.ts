import {
  type ChangeHistoryEntry,
  CONFIRM_TEXT,
  HISTORY_MESSAGES,
  type RevertResponse,
  RESOURCE_INDEX,
  rowHistoryResponseSchema,
} from '@console/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { api, errorMessage, isApiError } from '../../lib/api-client';
import { useCan } from '../../lib/permissions';
import { readData } from '../../lib/read-data';
import { showAlert } from '../ui/alert-dialog';
import { toast } from '../ui/toast';
import { conflictLines, formatValue, humaniseField, visibleChanges } from './history-format';
import { type ResourceDeclaration, resourceKeys } from './resource-api';

/** What the history views read of a resource's declaration. */
export type HistoryResource = Pick<ResourceDeclaration, 'name' | 'label' | 'keys' | 'api'>;

/** Changes the row's drawer asks for (the API's default); older ones are on the change-history screen. */
export const ROW_HISTORY_LIMIT = 50;
export const HISTORY_LOAD_ERROR = 'The history could not be loaded';
const REVERT_FAILED = 'The change could not be reverted';

/** GET /x/{id}/history?limit=50, under [name, 'history', id]: every write to the resource refreshes it. */
export const rowHistoryQuery = (resource: HistoryResource, id: number) =>
  queryOptions({
    queryKey: resourceKeys(resource.name).history(id),
    queryFn: ({ signal }) =>
      readData(resource.api.history(id), rowHistoryResponseSchema, HISTORY_LOAD_ERROR, { query: { limit: ROW_HISTORY_LIMIT }, signal }),
  });

/** A refused revert (409): the API's message and, when the row moved on, each field with its value now. */
export type RevertConflict = { message: string; lines: string[] };

/** What the confirmation says a revert of this change will do. */
export function revertConsequence(entry: Pick<ChangeHistoryEntry, 'action' | 'changes'>, singular: string): string {
  const noun = singular.toLowerCase();
  if (entry.action === 'create') return `This removes the ${noun} this change created.`;
  if (entry.action === 'delete') return `This restores the deleted ${noun} under its old ID.`;
  if (entry.action === 'revert') return 'This undoes that revert: the values it replaced are written back.';
  const back = visibleChanges(entry).map((c) => `${humaniseField(c.field)}: ${formatValue(c.before)}`);
  return back.length > 0 ? `This writes back the earlier values (${back.join('; ')}).` : 'This writes back the earlier values.';
}

const CHANGE_HISTORY_ROOT = resourceKeys(RESOURCE_INDEX['change-history'].name).all;

/**
 * Revert one change of a row (POST /x/{id}/history/{historyId}/revert), behind a confirmation:
 * the API's message as a toast on success; a 409 kept as `conflict` for the entry to show (the
 * row moved on, is gone, exists again...). The resource's lists, its histories and the
 * change-history screen are refreshed either way. `allowed`: the user holds the resource's revert key.
 */
export function useRevertChange(resource: HistoryResource | undefined, rowId: number | null) {
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState<RevertConflict | null>(null);
  const revertKey = resource?.keys.revert;
  const holdsKey = useCan(revertKey ?? '');
  const allowed = Boolean(resource && revertKey && rowId !== null) && holdsKey;
  const { mutateAsync, isPending } = useMutation({
    mutationFn: ({ target, id, historyId }: { target: HistoryResource; id: number; historyId: number }) =>
      api.post<RevertResponse>(target.api.revert(id, historyId)),
  });

  const revert = useCallback(
    async (entry: ChangeHistoryEntry) => {
      if (!resource || rowId === null) return;
      setConflict(null);
      const choice = await showAlert({
        icon: 'warning',
        title: 'Revert this change?',
        text: revertConsequence(entry, resource.label.singular),
        showCancelButton: true,
        confirmButtonText: 'Revert',
        cancelButtonText: CONFIRM_TEXT.cancel,
        // orange.9: white text on it passes axe color-contrast.
        confirmColor: 'orange.9',
      });
      if (!choice.isConfirmed) return;
      try {
        const result = await mutateAsync({ target: resource, id: rowId, historyId: entry.id });
        toast.success(result?.message || HISTORY_MESSAGES.reverted);
      } catch (error) {
        if (isApiError(error) && error.status === 409) setConflict({ message: error.message, lines: conflictLines(error.fieldErrors) });
        else toast.error(errorMessage(error, REVERT_FAILED));
      } finally {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: resourceKeys(resource.name).all }),
          queryClient.invalidateQueries({ queryKey: CHANGE_HISTORY_ROOT }),
        ]);
      }
    },
    [resource, rowId, mutateAsync, queryClient],
  );

  return { allowed, revert, pending: isPending, conflict, dismissConflict: () => setConflict(null) };
}
