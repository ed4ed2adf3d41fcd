import { ADMIN_API_PATHS } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { UserMutationResponse } from './create-user';
import { USERS_QUERY_KEY } from './get-users';

/** PATCH /users/update/:id (multipart; an empty password keeps the current one). */
const updateUser = ({ id, body }: { id: number; body: FormData }) =>
  api.patch<UserMutationResponse>(ADMIN_API_PATHS.users.update(id), body);

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
