import { ERROR_MESSAGES, PERMISSION_KEYS, type Role, SUPER_ADMIN_ROLE_ID, UI_TEXT } from '@console/contract';
import { Alert, Badge, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useQuery } from '../../lib/use-query';
import { useMemo, useState } from 'react';
import { showAlert } from '../../components/ui/alert-dialog';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { modulesQuery } from '../../lib/modules';
import { canWith, rolePermissionsKey, usePermissions } from '../../lib/permissions';
import { useModulePermissions } from './api/get-module-permissions';
import { useGridRoles } from './api/get-roles';
import { saveModulePermissions } from './api/save-module-permissions';
import { ModuleGridTable } from './components/module-grid-table';
import classes from './components/module-permissions.module.css';
import { changedRoles, gridFromRows, type ModuleGrid, removedModules, toggleCell } from './logic/module-grid';
import { LoadingBlock } from '../../components/ui/loading-block';

/** /{product}/module-permissions: which role may open which module, as one grid. */
export default function ModulePermissionsPage() {
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const modules = useQuery(modulesQuery());
  const rows = useModulePermissions();
  const roles = useGridRoles();
  const [draft, setDraft] = useState<ModuleGrid | null>(null);
  const [saving, setSaving] = useState(false);

  const roleList = roles.data ?? [];
  const saved = useMemo(
    () =>
      rows.data && roles.data
        ? gridFromRows(
            rows.data,
            roles.data.map((r) => r.id),
          )
        : null,
    [rows.data, roles.data],
  );
  const grid = draft ?? saved;
  const changed = useMemo(() => (saved && grid ? changedRoles(saved, grid) : []), [saved, grid]);
  const canManage = canWith(permissions, PERMISSION_KEYS.modulePermissions.manage);

  // Mirrors the API: role 1 always opens everything; nobody but a super admin edits their own role.
  const locked = (role: Role): string | null => {
    if (role.id === SUPER_ADMIN_ROLE_ID || role.isSystem) return 'Every module';
    if (!canManage) return 'Read-only';
    if (!permissions.isSuperAdmin && role.id === permissions.roleId) return 'Your own role';
    return null;
  };

  const save = async () => {
    if (!saved || !grid) return;
    setSaving(true);
    const failures: string[] = [];
    for (const roleId of changed) {
      try {
        await saveModulePermissions({ roleId, moduleIds: [...(grid.get(roleId) ?? [])] });
      } catch (error) {
        const name = roleList.find((r) => r.id === roleId)?.name ?? `Role ${roleId}`;
        failures.push(`${name}: ${errorMessage(error, ERROR_MESSAGES.generic)}`);
      }
    }
    setSaving(false);
    await queryClient.invalidateQueries({ queryKey: ['module-permissions'] });
    await queryClient.invalidateQueries({ queryKey: rolePermissionsKey() });
    const done = changed.length - failures.length;
    // The refetched rows are the truth now; failed rows show their stored state again.
    setDraft(null);
    if (done > 0) toast.success(`Module permissions saved for ${done} ${done === 1 ? 'role' : 'roles'}`);
    if (failures.length > 0) await showAlert({ icon: 'error', title: 'Some changes were not saved', text: failures.join('\n') });
  };

  const losing = saved && grid ? changed.filter((id) => removedModules(saved, grid, id).length > 0) : [];
  const failed = modules.isError || rows.isError;

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Modules per role</Title>
        <Text c="dimmed" size="sm" mt={4}>
          Tick the modules each role may open. Menus and permission keys are chosen on the Permissions screen.
        </Text>
      </div>
      {failed ? (
        <Alert color="red" variant="light" title={ERROR_MESSAGES.loadPosts}>
          <Button size="xs" variant="light" color="red" onClick={() => void Promise.all([modules.refetch(), rows.refetch()])}>
            {UI_TEXT.tryAgain}
          </Button>
        </Alert>
      ) : null}
      {!grid && !failed ? <LoadingBlock label="Loading module permissions" height={320} radius="md" /> : null}
      {grid && modules.data ? (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Stack gap="md">
            <ModuleGridTable
              roles={roleList}
              modules={modules.data}
              grid={grid}
              changed={new Set(changed)}
              locked={locked}
              onToggle={(roleId, moduleId, on) => setDraft(toggleCell(grid, roleId, moduleId, on))}
            />
            {losing.length > 0 ? (
              <Alert color="orange" variant="light" icon={<IconInfoCircle aria-hidden />}>
                Removing a module also removes that role's menus and permission keys in it.
              </Alert>
            ) : null}
            {canManage ? (
              <Group justify="flex-end" gap="sm">
                <Box role="status" aria-live="polite">
                  {changed.length > 0 ? (
                    <Badge color="orange" variant="light" size="lg" radius="sm" tt="none" classNames={{ label: classes.changes }}>
                      {changed.length} {changed.length === 1 ? 'role' : 'roles'} changed
                    </Badge>
                  ) : null}
                </Box>
                <Button variant="default" disabled={changed.length === 0 || saving} onClick={() => setDraft(null)}>
                  Discard
                </Button>
                <Button
                  onClick={() => void save()}
                  disabled={changed.length === 0}
                  loading={saving}
                  leftSection={<IconDeviceFloppy size={16} aria-hidden />}
                >
                  Save changes
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
