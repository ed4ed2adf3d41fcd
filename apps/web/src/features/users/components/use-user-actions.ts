import { ERROR_MESSAGES, type User } from '@console/contract';
import { useCallback, useState } from 'react';
import { showAlert } from '../../../components/ui/alert-dialog';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useRegenerateApiKey } from '../api/regenerate-api-key';
import { useResetSecondFactors } from '../api/reset-second-factors';
import type { IssuedKey } from './api-key-modal';
import { userDisplayName } from './user-row-actions';

/** Confirm, issue a new key, then hold it for the show-once dialog. */
export function useRegenerateKeyFlow() {
  // mutateAsync, not the mutation: useMutation's result is a new object on every render, and a
  // callback that depended on it made the users table's action column new on every render too.
  const { mutateAsync: regenerate } = useRegenerateApiKey();
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
      const result = await regenerate(user.id);
      toast.dismiss(loading);
      if (result.responseType && result.apiKey) setIssued({ userName: name, apiKey: result.apiKey });
      else toast.error(ERROR_MESSAGES.regenerateKey);
    },
    [regenerate],
  );

  return { issued, start, close: useCallback(() => setIssued(null), []) };
}

/** Confirm, then remove every second factor the user enrolled (a lost phone, a lost security key). */
export function useResetFactorsFlow() {
  const { mutateAsync: reset } = useResetSecondFactors();
  return useCallback(
    async (user: User) => {
      const name = userDisplayName(user);
      const answer = await showAlert({
        icon: 'warning',
        title: 'Reset second factors?',
        text: `${name}'s authenticator app, recovery codes and passkeys are removed. They sign in with the e-mailed code until they set up new ones.`,
        showCancelButton: true,
        confirmButtonText: 'Yes, reset them',
        cancelButtonText: 'Cancel',
        confirmColor: 'red.9',
      });
      if (!answer.isConfirmed) return;
      try {
        toast.success((await reset(user.id)).message);
      } catch (cause) {
        toast.error(errorMessage(cause));
      }
    },
    [reset],
  );
}
