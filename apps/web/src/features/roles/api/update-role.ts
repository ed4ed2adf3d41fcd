import { ADMIN_API_PATHS, type RoleInput, roleMutationResponseSchema } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ROLES_QUERY_KEY } from './get-roles';

/** PATCH /roles/update/{id}. Throws the ApiError (its fieldErrors go under the form fields). */
async function updateRole({ id, input }: { id: number; input: RoleInput }) {
  return roleMutationResponseSchema.parse(await api.patch(ADMIN_API_PATHS.roles.update(id), input));
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROLES_QUERY_KEY }),
  });
}
