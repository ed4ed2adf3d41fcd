import type { UserActivity } from '@console/contract';
import { Code, Text } from '@mantine/core';
import type { DataTableColumnDef } from '../../../components/data-table';
import { formatTimestamp } from '../../../lib/formatters';
import { userActivityApi } from '../api/profile-lists-api';
import { ProfileListPage } from '../components/profile-list-page';

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
const NEWEST_FIRST = { field: 'createdAt', order: 'desc' } as const;

/** /profile/user-activity: own activity; a super admin (or user-activity.view-all) picks any user. */
export default function UserActivityPage() {
  return (
    <ProfileListPage<UserActivity>
      resourceApi={userActivityApi}
      titles={{ own: 'Your activity', other: 'Activity' }}
      description="Pages opened and actions taken, newest first."
      columns={columns}
      defaultSort={NEWEST_FIRST}
      searchLabel="Search activity"
      searchPlaceholder="Search screen, event, path..."
      noRecordsText="No activity recorded"
    />
  );
}
