import type { UserListItem } from '@console/contract';
import { Group, Stack, Text } from '@mantine/core';
import { IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { type DataTableColumnDef, StatusBadge, TimestampCell } from '../../../components/data-table';
import { UserAvatar } from './user-avatar';
import { userDisplayName } from './user-row-actions';

/** Data columns of the users list (the resource page adds the actions); every visible one is sortable (usersResource.list.sortFields). */
export function userColumns(handlers: { selfId?: number }): DataTableColumnDef<UserListItem>[] {
  const columns: DataTableColumnDef<UserListItem>[] = [
    {
      accessor: 'firstname',
      title: 'Name',
      render: (u) => {
        const name = userDisplayName(u);
        return (
          <Group gap="sm" wrap="nowrap">
            <UserAvatar name={name} profile={u.profile} />
            <Stack gap={0} miw={0}>
              {/* Wraps rather than truncates (a long name must not push the table under the pinned
                  actions), but keeps a readable minimum instead of collapsing to a letter per line. */}
              <Text size="sm" fw={600} miw={120} maw={240} style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
              {u.id === handlers.selfId ? (
                <Text size="xs" c="dimmed">
                  You
                </Text>
              ) : null}
            </Stack>
          </Group>
        );
      },
    },
    { accessor: 'email', title: 'Email' },
    { accessor: 'roleName', title: 'Role' },
    { accessor: 'companyName', title: 'Company', render: (u) => u.companyName ?? '—' },
    { accessor: 'status', title: 'Status', noWrap: true, render: (u) => <StatusBadge status={u.status} /> },
    {
      accessor: 'twoFactorEnabled',
      title: 'Two-step',
      // Off by default so nine columns fit 1440 px with readable names; the column chooser shows it.
      hidden: true,
      render: (u) => (
        <Group gap={6} wrap="nowrap">
          {u.twoFactorEnabled ? (
            <IconShieldCheck size={16} stroke={1.8} color="var(--mantine-color-teal-6)" aria-hidden />
          ) : (
            <IconShieldOff size={16} stroke={1.8} color="var(--mantine-color-dimmed)" aria-hidden />
          )}
          <Text size="sm">{u.twoFactorEnabled ? 'On' : 'Off'}</Text>
        </Group>
      ),
    },
    // Timestamps may break between date and time when the table is squeezed.
    { accessor: 'lastLoginAt', title: 'Last sign-in', render: (u) => (u.lastLoginAt ? <TimestampCell value={u.lastLoginAt} /> : 'Never') },
    { accessor: 'createdAt', title: 'Created', render: (u) => <TimestampCell value={u.createdAt} /> },
    { accessor: 'lastname', title: 'Last name', hidden: true },
    { accessor: 'phone', title: 'Phone', hidden: true, noWrap: true, render: (u) => u.phone ?? '—' },
    { accessor: 'id', title: 'ID', hidden: true, textAlign: 'right' },
  ];
  return columns;
}
