import { ADMIN_API_PATHS, PERMISSION_KEYS, type UserSession } from '@console/contract';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { DataTable } from '../../../components/data-table';
import { showAlert } from '../../../components/ui/alert-dialog';
import { toast } from '../../../components/ui/toast';
import { displayName, useSession } from '../../../lib/auth/session';
import { formatTimestamp } from '../../../lib/formatters';
import { canWith, usePermissions } from '../../../lib/permissions';
import { useEndSession } from '../api/end-session';
import { getUserSessions, userSessionsKey } from '../api/get-user-sessions';
import { profileListExport } from '../api/list-export';
import { UserPicker } from '../components/user-picker';
import { usePickedUser } from '../components/use-picked-user';
import { describeUserAgent } from '../logic/user-agent';
import { sessionColumns } from './session-columns';

/** /profile/user-sessions: sign-in sessions with duration and end reason; end the ones no longer used. */
export default function UserSessionsPage() {
  const session = useSession();
  const permissions = usePermissions();
  const mayPick = canWith(permissions, PERMISSION_KEYS.userSessions.viewAll);
  const canExport = canWith(permissions, PERMISSION_KEYS.userSessions.export);
  const canRevokeOwn = canWith(permissions, [PERMISSION_KEYS.userSessions.revoke, PERMISSION_KEYS.userSessions.revokeAny]);
  const canRevokeAny = canWith(permissions, PERMISSION_KEYS.userSessions.revokeAny);
  const { userId, ownId, isOwn, pick } = usePickedUser(mayPick);
  const end = useEndSession();

  // The current session is ended with Sign Out, not here; ended ones have nothing to end.
  const canEnd = useCallback(
    (s: UserSession) => !s.current && !s.endedAt && (s.userId === ownId ? canRevokeOwn : canRevokeAny),
    [ownId, canRevokeOwn, canRevokeAny],
  );

  const onEnd = useCallback(
    async (s: UserSession) => {
      const answer = await showAlert({
        icon: 'warning',
        title: 'End this session?',
        text: `The session started ${formatTimestamp(s.startedAt)} (${describeUserAgent(s.userAgent)}, ${s.ip ?? 'unknown IP'}) is signed out at once.`,
        showCancelButton: true,
        confirmButtonText: 'End session',
        cancelButtonText: 'Cancel',
        // red.9: white text on Mantine's default red (shade 6) is 3.3:1.
        confirmColor: 'red.9',
      });
      if (!answer.isConfirmed) return;
      const result = await end.mutateAsync(s.id);
      if (result.success) toast.success(result.message);
      else toast.error(result.message);
    },
    [end],
  );

  const columns = useMemo(() => sessionColumns(canEnd, (s) => void onEnd(s)), [canEnd, onEnd]);
  const queryKey = useMemo(() => userSessionsKey(userId), [userId]);
  const exportConfig = useMemo(
    () => (canExport ? profileListExport(ADMIN_API_PATHS.userSessionsExport, userId) : undefined),
    [canExport, userId],
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={2}>{isOwn ? 'Your sessions' : 'Sessions'}</Title>
          <Text c="dimmed" size="sm" mt={4}>
            Every sign-in, newest first. End a session you no longer use, for example on a lost device.
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
        <DataTable<UserSession>
          tableId="user-sessions"
          userId={session?.user.id}
          label="User sessions"
          columns={columns}
          queryKey={queryKey}
          queryFn={(query, { signal }) => getUserSessions(query, userId, signal)}
          listQueryOptions={{ defaultSortField: 'startedAt', defaultSortOrder: 'desc' }}
          searchLabel="Search sessions"
          searchPlaceholder="Search IP, browser, end reason..."
          noRecordsText="No sessions found"
          pinLastColumn
          exports={exportConfig}
        />
      </Paper>
    </Stack>
  );
}
