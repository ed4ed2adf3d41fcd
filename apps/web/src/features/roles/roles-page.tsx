import { PERMISSION_KEYS, type Role, type RoleListItem } from '@console/contract';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { DataTable, type RecordId } from '../../components/data-table';
import { confirmDelete, showAlert } from '../../components/ui/alert-dialog';
import { toast } from '../../components/ui/toast';
import { getAppConfig } from '../../lib/app-config';
import { useSession } from '../../lib/auth/session';
import { useCan } from '../../lib/permissions';
import { deleteRole } from './api/delete-role';
import { rolesExport } from './api/export-roles';
import { getRoles, ROLES_QUERY_KEY } from './api/get-roles';
import { RoleFormModal } from './components/role-form-modal';
import { RoleRowActions } from './components/role-row-actions';
import { rolesColumns } from './components/roles-columns';
import { type DeleteFailure, describeFailures, isProtectedRole } from './roles-logic';

const cannotDelete = (text: string) => showAlert({ icon: 'error', title: 'The role was not deleted', text });

/** /{product}/roles: the roles list with add, edit, delete and a way into each role's permissions. */
export default function RolesPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const { productSlug } = getAppConfig();
  const canCreate = useCan(PERMISSION_KEYS.roles.create);
  const canDelete = useCan(PERMISSION_KEYS.roles.delete);
  const canExport = useCan(PERMISSION_KEYS.roles.export);
  const [editing, setEditing] = useState<{ role?: Role } | null>(null);

  const removeOne = useCallback(
    async (role: Role) => {
      const confirmed = await confirmDelete();
      if (!confirmed) return;
      const result = await deleteRole(role.id);
      if (result.success) {
        toast.success(result.message || `Role ${role.name} deleted`);
        await queryClient.invalidateQueries({ queryKey: ROLES_QUERY_KEY });
      } else {
        // 409 "This role is assigned to N users..." must be read, not missed in a toast.
        await cannotDelete(result.message);
      }
    },
    [queryClient],
  );

  const columns = useMemo(
    () =>
      rolesColumns((role) => (
        <RoleRowActions
          role={role}
          permissionsHref={`/${productSlug}/permissions`}
          onEdit={(r) => setEditing({ role: r })}
          onDelete={(r) => void removeOne(r)}
        />
      )),
    [productSlug, removeOne],
  );

  // Rows are deleted one by one so each refusal (role in use) is reported by name.
  const bulkDelete = async (ids: RecordId[], names: Map<RecordId, string>) => {
    const failures: DeleteFailure[] = [];
    for (const id of ids) {
      const result = await deleteRole(Number(id));
      if (!result.success) failures.push({ name: names.get(id) ?? `Role ${id}`, message: result.message });
    }
    const deleted = ids.length - failures.length;
    if (deleted > 0) toast.success(`${deleted} ${deleted === 1 ? 'role' : 'roles'} deleted`);
    if (failures.length > 0) {
      await queryClient.invalidateQueries({ queryKey: ROLES_QUERY_KEY });
      await cannotDelete(describeFailures(failures));
      throw new Error('Some roles were not deleted'); // keeps the failed rows selected
    }
  };
  const [names] = useState(() => new Map<RecordId, string>());
  const bulkProps = canDelete
    ? { onBulkDelete: (ids: RecordId[]) => bulkDelete(ids, names), onConfirmDelete: confirmDelete }
    : { onBulkDelete: undefined, onConfirmDelete: undefined };

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>All roles</Title>
        <Text c="dimmed" size="sm" mt={4}>
          A role decides which modules, menus and buttons its users get. Use Manage access to change them.
        </Text>
      </div>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <DataTable<RoleListItem>
          tableId="roles"
          userId={session?.user.id}
          label="Roles"
          columns={columns}
          queryKey={ROLES_QUERY_KEY}
          queryFn={async (query, { signal }) => {
            const result = await getRoles(query, signal);
            for (const role of result.data) names.set(role.id, role.name);
            return result;
          }}
          searchLabel="Search roles"
          searchPlaceholder="Search roles..."
          noRecordsText="No roles found"
          pinLastColumn
          getRecordLabel={(role) => role.name}
          // Role 1 is never deleted; a role stronger than the user's own they may not delete.
          isRecordSelectable={(role) => !isProtectedRole(role) && role.manageable}
          toolbar={
            canCreate ? (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({})}>
                Add role
              </Button>
            ) : null
          }
          exports={canExport ? rolesExport : undefined}
          {...bulkProps}
        />
      </Paper>
      <RoleFormModal opened={editing !== null} role={editing?.role} onClose={() => setEditing(null)} />
    </Stack>
  );
}
