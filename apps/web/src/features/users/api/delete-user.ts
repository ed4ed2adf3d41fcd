import { ADMIN_API_PATHS, type OperationResponse } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from './get-users';

/** DELETE /users/delete/:id (refused for yourself and the last active super admin). */
const deleteUser = (id: number) => api.delete<OperationResponse>(ADMIN_API_PATHS.users.remove(id));

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}

export type BulkDeleteOutcome = { deleted: number; failures: { id: number; message: string }[] };

/** One call per user (the API has no bulk call); every refusal is kept with its message. */
export async function deleteUsers(ids: readonly number[], remove: (id: number) => Promise<unknown> = deleteUser): Promise<BulkDeleteOutcome> {
  const results = await Promise.allSettled(ids.map((id) => remove(id)));
  const failures = results.flatMap((result, i) =>
    result.status === 'rejected' ? [{ id: ids[i], message: errorMessage(result.reason, 'The user could not be deleted') }] : [],
  );
  return { deleted: ids.length - failures.length, failures };
}
