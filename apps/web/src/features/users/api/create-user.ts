import { ADMIN_API_PATHS, type User } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from './get-users';

export type UserMutationResponse = { success: boolean; message: string; data?: User };

/** POST /users/add (multipart; the image travels as the file part `profile`). */
const createUser = (body: FormData) => api.post<UserMutationResponse>(ADMIN_API_PATHS.users.add, body);

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
