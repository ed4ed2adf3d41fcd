import type { UserSession } from '@console/contract';
import { Badge, Stack, Text } from '@mantine/core';
import { type DataTableColumnDef, TimestampCell } from '../../../components/data-table';
import { formatDuration } from '../../../lib/formatters';
import { describeUserAgent } from '../logic/user-agent';
import classes from '../components/profile.module.css';

const REASON_COLORS: Record<string, string> = {
  logout: 'gray',
  expired: 'gray',
  idle: 'yellow',
  revoked: 'red',
  'password-reset': 'orange',
  disabled: 'red',
};

/** Columns of the sessions list (the page adds 'End session' as a row action). */
export const sessionColumns: DataTableColumnDef<UserSession>[] = [
  {
    accessor: 'startedAt',
    title: 'Started',
    render: (s) => (
      <Stack gap={2} align="flex-start">
        <span>
          <TimestampCell value={s.startedAt} />
        </span>
        {s.current ? (
          <Badge size="sm" color="teal" variant="light" tt="none" classNames={{ label: classes.currentBadge }}>
            This session
          </Badge>
        ) : null}
      </Stack>
    ),
  },
  // Timestamps wrap between date and time when the table is squeezed, so it fits at 1440 px.
  { accessor: 'lastSeenAt', title: 'Last seen', render: (s) => <TimestampCell value={s.lastSeenAt} /> },
  {
    accessor: 'endedAt',
    title: 'Ended',
    render: (s) =>
      s.endedAt ? (
        <TimestampCell value={s.endedAt} />
      ) : (
        <Badge size="sm" color="brand" variant="dot" tt="none">
          Active
        </Badge>
      ),
  },
  { accessor: 'durationMs', title: 'Duration', noWrap: true, textAlign: 'right', render: (s) => formatDuration(s.durationMs) },
  {
    accessor: 'endReason',
    title: 'End reason',
    render: (s) =>
      s.endReason ? (
        <Badge size="sm" variant="light" color={REASON_COLORS[s.endReason] ?? 'gray'} tt="none" classNames={{ label: classes.reasonBadge }}>
          {s.endReason}
        </Badge>
      ) : (
        '—'
      ),
  },
  { accessor: 'ip', title: 'IP address', noWrap: true, render: (s) => s.ip ?? '—' },
  {
    accessor: 'userAgent',
    title: 'Browser',
    noWrap: true,
    render: (s) => (
      <Text size="sm" title={s.userAgent ?? undefined}>
        {describeUserAgent(s.userAgent)}
      </Text>
    ),
  },
  { accessor: 'rememberMe', title: 'Kept signed in', hidden: true, render: (s) => (s.rememberMe ? 'Yes' : 'No') },
];
