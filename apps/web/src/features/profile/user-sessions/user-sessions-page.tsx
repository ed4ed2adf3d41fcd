import { LIVE_API_PATHS, PERMISSION_KEYS, type UserSession } from '@console/contract';
import { IconLogout } from '@tabler/icons-react';
import { useCallback, useMemo } from 'react';
import type { RowAction } from '../../../components/resource';
import { showAlert } from '../../../components/ui/alert-dialog';
import { LiveIndicator } from '../../../components/ui/live-indicator';
import { toast } from '../../../components/ui/toast';
import { useSession } from '../../../lib/auth/session';
import { formatTimestamp } from '../../../lib/formatters';
import { useLivePolling } from '../../../lib/live-status';
import { useCan } from '../../../lib/permissions';
import { useLiveUpdates } from '../../../lib/use-live-updates';
import { useEndSession } from '../api/end-session';
import { userSessionsApi } from '../api/profile-lists-api';
import { ProfileListPage } from '../components/profile-list-page';
import { describeUserAgent } from '../logic/user-agent';
import { sessionColumns } from './session-columns';

const NEWEST_FIRST = { field: 'startedAt', order: 'desc' } as const;
/** Sessions started or ended (own ones, or everyone's for a view-all holder) refresh the list. */
const LIVE = LIVE_API_PATHS.userSessions;
const LIVE_KEYS = { sessions: [userSessionsApi.keys.all] };
/** Only while the stream is cut. */
const FALLBACK_POLL_MS = 30_000;

// A row's name in its buttons: 'End session started <time>'.
const recordName = (s: UserSession) => `started ${formatTimestamp(s.startedAt)}`;

/** /profile/user-sessions: sign-in sessions with duration and end reason; end the ones no longer used. */
export default function UserSessionsPage() {
  const ownId = useSession()?.user.id;
  const canRevokeOwn = useCan([PERMISSION_KEYS.userSessions.revoke, PERMISSION_KEYS.userSessions.revokeAny]);
  const canRevokeAny = useCan(PERMISSION_KEYS.userSessions.revokeAny);
  // mutateAsync is stable; the mutation's result object is new on every render (and the row actions with it).
  const { mutateAsync: endSession } = useEndSession();
  useLiveUpdates(LIVE, LIVE_KEYS);
  const refetchInterval = useLivePolling(LIVE, FALLBACK_POLL_MS);

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
      const result = await endSession(s.id);
      if (result.success) toast.success(result.message);
      else toast.error(result.message);
    },
    [endSession],
  );
  const rowActions = useMemo<RowAction<UserSession>[]>(
    () => [
      {
        label: 'End session',
        icon: <IconLogout size={16} aria-hidden />,
        color: 'red',
        onClick: (s) => void onEnd(s),
        // The current session is ended with Sign Out, not here; ended ones have nothing to end.
        hidden: (s) => Boolean(s.current || s.endedAt) || !(s.userId === ownId ? canRevokeOwn : canRevokeAny),
      },
    ],
    [onEnd, ownId, canRevokeOwn, canRevokeAny],
  );

  return (
    <ProfileListPage<UserSession>
      resourceApi={userSessionsApi}
      titles={{ own: 'Your sessions', other: 'Sessions' }}
      description="Every sign-in, newest first. End a session you no longer use, for example on a lost device."
      columns={sessionColumns}
      recordName={recordName}
      rowActions={rowActions}
      defaultSort={NEWEST_FIRST}
      searchLabel="Search sessions"
      searchPlaceholder="Search IP, browser, end reason..."
      noRecordsText="No sessions found"
      live={<LiveIndicator path={LIVE} />}
      refetchInterval={refetchInterval}
    />
  );
}
