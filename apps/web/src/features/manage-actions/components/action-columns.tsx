import { ACTION_TYPE_LABELS, type ManageAction } from '@console/contract';
import { Badge, Code, Text } from '@mantine/core';
import { type DataTableColumnDef, nameColumn, StatusBadge, TimestampCell } from '../../../components/data-table';

const TYPE_COLORS: Record<ManageAction['actionType'], string> = {
  'open-url': 'blue',
  'deep-link': 'indigo',
  'show-media': 'grape',
  call: 'teal',
  sms: 'cyan',
  email: 'orange',
};

/** show-media names its media (the value is only its id). */
const shownValue = (a: ManageAction) => (a.actionType === 'show-media' && a.media ? `${a.media.title} (#${a.media.id})` : a.value);

export const actionColumns: DataTableColumnDef<ManageAction>[] = [
  nameColumn(),
  { accessor: 'clientName', title: 'Client', render: (a) => a.client.name },
  {
    accessor: 'actionType',
    title: 'Type',
    noWrap: true,
    render: (a) => (
      // The dot carries the colour and the label keeps the body text colour: light badges in orange
      // or teal fall under 4.5:1 (axe).
      <Badge variant="dot" color={TYPE_COLORS[a.actionType]} radius="sm" tt="none" fw={600}>
        {ACTION_TYPE_LABELS[a.actionType]}
      </Badge>
    ),
  },
  {
    accessor: 'value',
    title: 'Value',
    render: (a) => (
      <Text size="sm" miw={160} maw={320} style={{ overflowWrap: 'anywhere' }}>
        {shownValue(a)}
      </Text>
    ),
  },
  { accessor: 'toneCode', title: 'Tone code', noWrap: true, render: (a) => (a.toneCode ? <Code>{a.toneCode}</Code> : '—') },
  {
    accessor: 'status',
    title: 'Status',
    noWrap: true,
    render: (a) => <StatusBadge status={a.status} />,
  },
  { accessor: 'createdAt', title: 'Created', render: (a) => <TimestampCell value={a.createdAt} /> },
  { accessor: 'id', title: 'ID', hidden: true, textAlign: 'right' },
];
