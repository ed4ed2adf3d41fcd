import { ADMIN_API_PATHS, grantsMutationResponseSchema, type RoleGrantsInput } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rolePermissionsKey } from '../../../lib/permissions';
import { roleGrantsKey } from './get-role-grants';

/** PUT /roles/{id}/grants: modules, menus and keys replaced together, in one transaction. */
async function saveRoleGrants({ roleId, grants }: { roleId: number; grants: RoleGrantsInput }) {
  return grantsMutationResponseSchema.parse(await api.put(ADMIN_API_PATHS.roles.grants(roleId), grants));
}

export function useSaveRoleGrants() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRoleGrants,
    onSuccess: async (result, { roleId }) => {
      queryClient.setQueryData(roleGrantsKey(roleId), result.data);
      // Anyone looking at this role's sidebar (including the module-permissions grid) refetches.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: rolePermissionsKey(roleId) }),
        queryClient.invalidateQueries({ queryKey: ['module-permissions'] }),
      ]);
    },
  });
}
