import { ADMIN_API_PATHS, PERMISSION_KEYS, type UserActivity } from '@console/contract';
import { Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { DataTable, type DataTableColumnDef } from '../../../components/data-table';
import { displayName, useSession } from '../../../lib/auth/session';
import { formatTimestamp } from '../../../lib/formatters';
import { canWith, usePermissions } from '../../../lib/permissions';
import { getUserActivity, userActivityKey } from '../api/get-user-activity';
import { profileListExport } from '../api/list-export';
import { UserPicker } from '../components/user-picker';
import { usePickedUser } from '../components/use-picked-user';

const columns: DataTableColumnDef<UserActivity>[] = [
  { accessor: 'createdAt', title: 'Time', noWrap: true, render: (a) => formatTimestamp(a.createdAt) },
  { accessor: 'screenName', title: 'Screen name', render: (a) => a.screenName || '—' },
  { accessor: 'eventName', title: 'Event' },
  { accessor: 'slug', title: 'Path', render: (a) => <Code>{a.slug}</Code> },
  {
    accessor: 'description',
    title: 'Description',
    render: (a) => (
      <Text size="sm" lineClamp={2}>
        {a.description || '—'}
      </Text>
    ),
  },
  { accessor: 'ip', title: 'IP address', hidden: true, render: (a) => a.ip ?? '—' },
];

/** /profile/user-activity: own activity; a super admin (or user-activity.view-all) picks any user. */
export default function UserActivityPage() {
  const session = useSession();
  const permissions = usePermissions();
  const mayPick = canWith(permissions, PERMISSION_KEYS.userActivity.viewAll);
  const canExport = canWith(permissions, PERMISSION_KEYS.userActivity.export);
  const { userId, ownId, isOwn, pick } = usePickedUser(mayPick);
  const queryKey = useMemo(() => userActivityKey(userId), [userId]);
  const exportConfig = useMemo(
    () => (canExport ? profileListExport(ADMIN_API_PATHS.userActivityExport, userId) : undefined),
    [canExport, userId],
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={2}>{isOwn ? 'Your activity' : 'Activity'}</Title>
          <Text c="dimmed" size="sm" mt={4}>
            Pages opened and actions taken, newest first.
          </Text>
        </div>
        {mayPick ? (
          <UserPicker
            value={userId}
            ownId={ownId}
            ownName={displayName(session?.user)}
            canReadOthers={permissions.isSuperAdmin}
            onChange={pick}
          />
        ) : null}
      </Group>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <DataTable<UserActivity>
          tableId="user-activity"
          userId={session?.user.id}
          label="User activity"
          columns={columns}
          queryKey={queryKey}
          queryFn={(query, { signal }) => getUserActivity(query, userId, signal)}
          listQueryOptions={{ defaultSortField: 'createdAt', defaultSortOrder: 'desc' }}
          searchLabel="Search activity"
          searchPlaceholder="Search screen, event, path..."
          noRecordsText="No activity recorded"
          exports={exportConfig}
        />
      </Paper>
    </Stack>
  );
}
