import type { UserRequest } from '@console/contract';
import { Badge, Code, Text } from '@mantine/core';
import { type DataTableColumnDef, TimestampCell } from '../../../components/data-table';
import { RouteLink } from '../../../components/ui/route-link';
import { deviceDetailsHref, PLATFORM_COLORS, platformLabel } from '../../../lib/user-requests';

const dash = (v: string | null) => v || '—';

const platformCell = (r: UserRequest) => (
  <Badge variant="dot" radius="sm" tt="none" color={PLATFORM_COLORS[r.platform]}>
    {platformLabel(r.platform)}
  </Badge>
);

const toneCell = (r: UserRequest) => (
  <div style={{ minWidth: 120 }}>
    <Text size="sm" style={{ overflowWrap: 'break-word' }}>
      {r.toneSequence.name}
    </Text>
    <Code fz="xs">{r.toneSequence.code}</Code>
  </div>
);

/** The columns both lists share, after the device code. */
const detailColumns: DataTableColumnDef<UserRequest>[] = [
  { accessor: 'locationName', title: 'Location', render: (r) => r.location.name },
  { accessor: 'toneSequenceName', title: 'Tone sequence', render: toneCell },
  { accessor: 'platform', title: 'Platform', noWrap: true, render: platformCell },
  { accessor: 'deviceModel', title: 'Device model', render: (r) => dash(r.deviceModel) },
  { accessor: 'osVersion', title: 'OS', render: (r) => dash(r.osVersion) },
  { accessor: 'appVersion', title: 'App version', render: (r) => dash(r.appVersion) },
  { accessor: 'requestedAt', title: 'Requested', render: (r) => <TimestampCell value={r.requestedAt} /> },
  { accessor: 'receivedAt', title: 'Received', hidden: true, render: (r) => <TimestampCell value={r.receivedAt} /> },
  { accessor: 'id', title: 'ID', hidden: true, textAlign: 'right' },
];

/** GET /user-request: the device code links to that device's details (for holders of its key; plain text otherwise). */
export const requestColumns: DataTableColumnDef<UserRequest>[] = [
  {
    accessor: 'deviceCode',
    title: 'Device code',
    render: (r) => (
      <RouteLink
        to={deviceDetailsHref(r.deviceCode)}
        size="sm"
        fw={600}
        aria-label={`Device details of ${r.deviceCode}`}
        style={{ overflowWrap: 'anywhere' }}
      >
        {r.deviceCode}
      </RouteLink>
    ),
  },
  ...detailColumns,
];

/** One device's requests: the device code is the page's subject; the API takes no sort here (spec s.7). */
export const deviceRequestColumns: DataTableColumnDef<UserRequest>[] = detailColumns.map((c) => ({ ...c, sortable: false }));
