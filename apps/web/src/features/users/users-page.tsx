import type { User, UserListItem } from '@console/contract';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { DataTable, type ListQueryState, type RecordId } from '../../components/data-table';
import { useSession } from '../../lib/auth/session';
import { usersExport } from './api/export-users';
import { getUsers, usersListKey } from './api/get-users';
import { ApiKeyModal } from './components/api-key-modal';
import { confirmDelete } from '../../components/ui/alert-dialog';
import { refreshOwnSession } from './components/refresh-own-session';
import { useRegenerateKeyFlow, useUserDelete, useUserPermissions } from './components/use-user-actions';
import { useUserFilters } from './components/use-user-filters';
import { UserFiltersBar } from './components/user-filters-bar';
import { type UserEditorState, UserFormDrawer } from './components/user-form-drawer';
import { userDisplayName } from './components/user-row-actions';
import { userColumns } from './components/users-columns';

/** /{product}/users: staff accounts with filters, add, edit, delete, API keys and exports (spec s.2, s.7). */
export default function UsersPage() {
  const session = useSession();
  const selfId = session?.user.id;
  const can = useUserPermissions();
  const { filters, setFilters, clearFilters } = useUserFilters();
  const { deleteOne, deleteMany } = useUserDelete();
  const keyFlow = useRegenerateKeyFlow();
  const [editor, setEditor] = useState<UserEditorState>({ opened: false, user: null, session: 0 });

  const openEditor = useCallback((user: User | null) => {
    setEditor((prev) => ({ opened: true, user, session: prev.session + 1 }));
  }, []);
  const closeEditor = useCallback(() => setEditor((prev) => ({ ...prev, opened: false })), []);

  const columns = useMemo(
    () =>
      userColumns({
        onEdit: can.update ? openEditor : undefined,
        onRegenerateKey: can.regenerateKey ? keyFlow.start : undefined,
        onDelete: can.remove ? deleteOne : undefined,
        selfId,
      }),
    [can.update, can.regenerateKey, can.remove, openEditor, keyFlow.start, deleteOne, selfId],
  );

  const queryKey = useMemo(() => usersListKey(filters), [filters]);
  // Names of the rows on screen, so a bulk delete reports each refusal by name.
  const names = useRef(new Map<number, string>());
  const queryFn = useCallback(
    async (query: ListQueryState, context: { signal: AbortSignal }) => {
      const result = await getUsers(query, filters, context);
      for (const u of result.data) names.current.set(u.id, userDisplayName(u));
      return result;
    },
    [filters],
  );
  const exports = useMemo(() => (can.exportList ? usersExport(filters) : undefined), [can.exportList, filters]);
  // Nobody deletes themselves, nor a user whose role is stronger than their own (the API refuses both).
  const isSelectable = useCallback((u: UserListItem) => u.id !== selfId && u.manageable, [selfId]);
  const bulk = can.remove
    ? { onBulkDelete: (ids: RecordId[]) => deleteMany(ids, (id) => names.current.get(id) ?? `User ${id}`), onConfirmDelete: confirmDelete }
    : {};

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={2} size="h3">
            All users
          </Title>
          <Text c="dimmed" size="sm">
            Staff accounts, their roles and how they sign in.
          </Text>
        </div>
        {can.create ? (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => openEditor(null)}>
            Add user
          </Button>
        ) : null}
      </Group>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <UserFiltersBar filters={filters} onChange={setFilters} onClear={clearFilters} />
          <DataTable<UserListItem>
            tableId="users"
            userId={selfId ?? session?.user.email}
            label="Users"
            columns={columns}
            queryKey={queryKey}
            queryFn={queryFn}
            getRecordLabel={userDisplayName}
            isRecordSelectable={isSelectable}
            searchLabel="Search users"
            searchPlaceholder="Search by name or email…"
            noRecordsText="No users found"
            pinLastColumn={can.update || can.remove || can.regenerateKey}
            exports={exports}
            {...bulk}
          />
        </Stack>
      </Paper>

      <UserFormDrawer state={editor} selfId={selfId} onClose={closeEditor} onSelfSaved={refreshOwnSession} />
      <ApiKeyModal issued={keyFlow.issued} onClose={keyFlow.close} />
    </Stack>
  );
}
