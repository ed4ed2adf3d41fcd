import { useMemo } from 'react';
import type { RecordId } from '../../../components/data-table';
import { ResourcePage, type ResourcePageProps } from '../../../components/resource';
import { displayName, useSession } from '../../../lib/auth/session';
import { canWith, usePermissions } from '../../../lib/permissions';
import { usePickedUser } from './use-picked-user';
import { UserPicker } from './user-picker';

type Props<Row extends { id: RecordId }> = Omit<ResourcePageProps<Row>, 'title' | 'filters' | 'headerExtra'> & {
  /** The title over one's own rows, and over another user's. */
  titles: { own: string; other: string };
};

/**
 * A profile list (activity, sessions): the read-only resource page over the signed-in user's
 * rows; a holder of the resource's view-all key picks another user (`?userId`, kept in the URL).
 */
export function ProfileListPage<Row extends { id: RecordId }>({ titles, ...props }: Props<Row>) {
  const session = useSession();
  const permissions = usePermissions();
  const mayPick = canWith(permissions, props.resourceApi.resource.keys.viewAll ?? []);
  const { userId, ownId, isOwn, pick } = usePickedUser(mayPick);
  // One object per user: the filters are part of the query key.
  const filters = useMemo(() => ({ userId }), [userId]);
  return (
    <ResourcePage<Row>
      {...props}
      title={isOwn ? titles.own : titles.other}
      filters={filters}
      headerExtra={
        mayPick ? (
          <UserPicker
            value={userId}
            ownId={ownId}
            ownName={displayName(session?.user)}
            canReadOthers={permissions.isSuperAdmin}
            onChange={pick}
          />
        ) : null
      }
    />
  );
}
