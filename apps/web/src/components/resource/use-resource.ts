import { ERROR_MESSAGES } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { errorMessage, isApiError } from '../../lib/api-client';
import { useCan } from '../../lib/permissions';
import type { RecordId } from '../data-table';
import { confirmDelete, showAlert } from '../ui/alert-dialog';
import { toast } from '../ui/toast';
import type { ResourceApi, ResourceDeclaration, WriteOptions } from './resource-api';
import { useUrlFilters } from './url-filters';

/** What the signed-in user may do on a resource's screen (the API enforces the same keys); a read-only resource has no writes. */
export function useResourcePermissions({ keys, mode }: Pick<ResourceDeclaration, 'keys' | 'mode'>) {
  const none = '';
  const writable = mode !== 'read-only';
  const create = useCan(keys.create ?? none);
  const update = useCan(keys.update ?? none);
  const remove = useCan(keys.delete ?? none);
  const exportList = useCan(keys.export ?? none);
  return {
    create: writable && Boolean(keys.create) && create,
    update: writable && Boolean(keys.update) && update,
    remove: writable && Boolean(keys.delete) && remove,
    exportList: Boolean(keys.export) && exportList,
  };
}

/** The filters of a resource's list kept in the URL (its api's `urlFilters`), with setters. */
export const useResourceFilters = (resourceApi: Pick<ResourceApi<unknown>, 'urlFilters' | 'normaliseFilters'>) =>
  useUrlFilters(resourceApi.urlFilters, resourceApi.normaliseFilters);

/** Add and edit mutations; both refresh everything under the resource's key. */
export function useResourceWrites<Row>(resourceApi: ResourceApi<Row>, options: WriteOptions = {}) {
  const queryClient = useQueryClient();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: resourceApi.keys.all });
  const create = useMutation({ mutationFn: (body: FormData | object) => resourceApi.create(body, options), onSuccess: invalidate });
  const update = useMutation({
    mutationFn: (vars: { id: number; body: FormData | object }) => resourceApi.update(vars, options),
    onSuccess: invalidate,
  });
  return { create, update };
}

const STICKY_DEFAULT = [409];

export type DeleteTexts<Row = never> = {
  /** Refusals shown in that dialog rather than a toast (default 409; users add 403: own account). */
  stickyStatuses?: number[];
  /**
   * A way forward the 409 dialog offers for the refused row (e.g. 'Deactivate instead' where the
   * rows that block the delete cannot be deleted); `run` answers the success message.
   */
  insteadOfDelete?: { label: string; run: (row: Row) => Promise<string | undefined> };
};

/** Title of the dialog that explains refused deletes, in the count's number: 'The client was not deleted', '2 clients were not deleted'. */
export function refusedDeleteTitle(label: { singular: string; plural: string }, count: number): string {
  return count === 1 ? `The ${label.singular.toLowerCase()} was not deleted` : `${count} ${label.plural.toLowerCase()} were not deleted`;
}

/** The alert text after a bulk delete (the title gives the count): one line per row with its name. */
export function describeBulkFailures(failures: readonly { id: number; message: string }[], labelOf: (id: number) => string): string {
  return failures.map((f) => `${labelOf(f.id)}: ${f.message}`).join('\n');
}

/**
 * Delete one row (confirm, toast, a 409 explained in a dialog the user must close) and many
 * (one by one; rejects while any row stayed, so the table keeps those selected).
 */
export function useResourceDelete<Row extends { id: RecordId }>(
  resourceApi: ResourceApi<Row>,
  texts: DeleteTexts<Row> = {},
  /** Name of a row by id (rows seen on screen), for the bulk refusal lines. */
  labelOf: (id: number) => string = (id) => `${resourceApi.resource.label.singular} ${id}`,
) {
  const queryClient = useQueryClient();
  const { label } = resourceApi.resource;
  const sticky = texts.stickyStatuses ?? STICKY_DEFAULT;
  // mutateAsync is stable (the mutation's result object is not): deleteOne, and with it every
  // row's actions, stay the same between renders.
  const { mutateAsync: removeOne } = useMutation({
    mutationFn: resourceApi.remove,
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourceApi.keys.all }),
  });
  const report = useCallback(
    (message: string, conflict: boolean, count = 1) => {
      if (conflict) void showAlert({ icon: 'error', title: refusedDeleteTitle(label, count), text: message });
      else toast.error(message);
    },
    [label],
  );

  const instead = texts.insteadOfDelete;
  // The 409 dialog with the alternative as its confirm button; the dialog has closed when it runs.
  const offerInstead = useCallback(
    async (row: Row, message: string) => {
      if (!instead) return;
      const choice = await showAlert({
        icon: 'error',
        title: refusedDeleteTitle(label, 1),
        text: message,
        confirmButtonText: instead.label,
        showCancelButton: true,
        cancelButtonText: 'Close',
      });
      if (!choice.isConfirmed) return;
      try {
        toast.success((await instead.run(row)) || `${label.singular} updated`);
      } catch (error) {
        toast.error(errorMessage(error, ERROR_MESSAGES.generic));
      } finally {
        await queryClient.invalidateQueries({ queryKey: resourceApi.keys.all });
      }
    },
    [instead, label, queryClient, resourceApi],
  );

  const deleteOne = useCallback(
    async (row: Row) => {
      if (!(await confirmDelete())) return;
      try {
        // Only numeric ids have delete routes (a read-only resource, such as sessions by uuid, has none).
        const result = await removeOne(row.id as number);
        toast.success(result?.message || `${label.singular} deleted`);
      } catch (error) {
        const message = errorMessage(error, ERROR_MESSAGES.generic);
        if (instead && isApiError(error) && error.status === 409) await offerInstead(row, message);
        else report(message, isApiError(error) && sticky.includes(error.status));
      }
    },
    [removeOne, report, label.singular, sticky, instead, offerInstead],
  );

  const deleteMany = useCallback(
    async (ids: RecordId[]) => {
      const outcome = await resourceApi.removeMany(ids.map(Number));
      await queryClient.invalidateQueries({ queryKey: resourceApi.keys.all });
      const noun = (n: number) => (n === 1 ? label.singular : label.plural).toLowerCase();
      if (outcome.deleted > 0) toast.success(`${outcome.deleted} ${noun(outcome.deleted)} deleted`);
      if (outcome.failures.length > 0) {
        report(describeBulkFailures(outcome.failures, labelOf), true, outcome.failures.length);
        throw new Error(`Some ${label.plural.toLowerCase()} were not deleted`);
      }
    },
    [queryClient, resourceApi, report, label, labelOf],
  );

  return { deleteOne, deleteMany };
}
