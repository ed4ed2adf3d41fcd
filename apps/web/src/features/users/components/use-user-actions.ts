import { ERROR_MESSAGES, PERMISSION_KEYS, type User } from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { RecordId } from '../../../components/data-table';
import { confirmDelete, showAlert } from '../../../components/ui/alert-dialog';
import { toast } from '../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/permissions';
import { deleteUsers, useDeleteUser } from '../api/delete-user';
import { USERS_QUERY_KEY } from '../api/get-users';
import { useRegenerateApiKey } from '../api/regenerate-api-key';
import type { IssuedKey } from './api-key-modal';
import { userDisplayName } from './user-row-actions';

const K = PERMISSION_KEYS.users;

/** What the signed-in user may do on the users screen (the API enforces the same keys). */
export function useUserPermissions() {
  return {
    create: useCan(K.create),
    update: useCan(K.update),
    remove: useCan(K.delete),
    regenerateKey: useCan(K.regenerateKey),
    exportList: useCan(K.export),
  };
}

/** The alert text after a bulk delete: how many stayed, then one line per user. */
function describeBulkFailures(failures: readonly { id: number; message: string }[], labelOf: (id: number) => string): string {
  const lines = failures.map((f) => `${labelOf(f.id)}: ${f.message}`).join('\n');
  return failures.length === 1 ? lines : `${failures.length} users were not deleted:\n${lines}`;
}

// Refusals the user has to act on (409/403: last super admin, own account) stay on screen.
function reportRefusal(message: string, sticky: boolean) {
  if (sticky) void showAlert({ icon: 'error', title: 'The user was not deleted', text: message });
  else toast.error(message);
}

export function useUserDelete() {
  const queryClient = useQueryClient();
  const remove = useDeleteUser();

  const deleteOne = useCallback(
    async (user: User) => {
      if (!(await confirmDelete())) return;
      try {
        const result = await remove.mutateAsync(user.id);
        toast.success(result?.message || 'User deleted');
      } catch (error) {
        reportRefusal(errorMessage(error, ERROR_MESSAGES.generic), isApiError(error) && (error.status === 409 || error.status === 403));
      }
    },
    [remove],
  );

  /**
   * For the table's bulk delete: one line per user that stayed, with its name and the reason;
   * rejects then, so those rows stay selected.
   */
  const deleteMany = useCallback(
    async (ids: RecordId[], labelOf: (id: number) => string) => {
      const outcome = await deleteUsers(ids.map(Number));
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      if (outcome.deleted > 0) toast.success(`${outcome.deleted} ${outcome.deleted === 1 ? 'user' : 'users'} deleted`);
      if (outcome.failures.length > 0) {
        reportRefusal(describeBulkFailures(outcome.failures, labelOf), true);
        throw new Error('Some users were not deleted');
      }
    },
    [queryClient],
  );

  return { deleteOne, deleteMany };
}

/** Confirm, issue a new key, then hold it for the show-once dialog. */
export function useRegenerateKeyFlow() {
  const regenerate = useRegenerateApiKey();
  const [issued, setIssued] = useState<IssuedKey | null>(null);

  const start = useCallback(
    async (user: User) => {
      const name = userDisplayName(user);
      const answer = await showAlert({
        icon: 'warning',
        title: 'Regenerate API key?',
        text: user.hasApiKey
          ? `The current key of ${name} stops working at once. Devices using it need the new key.`
          : `${name} gets an API key for device ingestion. It is shown only once.`,
        showCancelButton: true,
        confirmButtonText: 'Yes, regenerate it',
        cancelButtonText: 'Cancel',
        // White text on any Mantine orange is below 4.5:1 (axe color-contrast); the old key stops working, so red.9.
        confirmColor: 'red.9',
      });
      if (!answer.isConfirmed) return;
      const loading = toast.loading('Generating a new API key…');
      const result = await regenerate.mutateAsync(user.id);
      toast.dismiss(loading);
      if (result.responseType && result.apiKey) setIssued({ userName: name, apiKey: result.apiKey });
      else toast.error(ERROR_MESSAGES.regenerateKey);
    },
    [regenerate],
  );

  return { issued, start, close: useCallback(() => setIssued(null), []) };
}
