import { ADMIN_API_PATHS, type RoleInput, roleMutationResponseSchema } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ROLES_QUERY_KEY } from './get-roles';

/** POST /roles/add. Throws the ApiError (its fieldErrors go under the form fields). */
async function createRole(input: RoleInput) {
  return roleMutationResponseSchema.parse(await api.post(ADMIN_API_PATHS.roles.add, input));
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROLES_QUERY_KEY }),
  });
}
