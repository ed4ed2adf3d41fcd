import type { Client } from '@console/contract';
import { Avatar, Badge, Group, Switch, Text } from '@mantine/core';
import { IconBriefcase } from '@tabler/icons-react';
import { type DataTableColumnDef, TimestampCell } from '../../../components/data-table';
import { useStoredFileUrl } from '../../../lib/stored-file';
import type { ClientToggle } from '../clients-api';

function ClientLogo({ name, logo }: { name: string; logo: string | null }) {
  const src = useStoredFileUrl(logo, { thumb: true });
  return (
    <Avatar src={src} alt={src ? `Logo of ${name}` : undefined} size={32} radius="sm" color="brand" variant="light">
      <IconBriefcase size={18} stroke={1.6} aria-hidden />
    </Avatar>
  );
}

export const TYPE_LABELS: Record<Client['type'], string> = { demo: 'Demo', live: 'Live', both: 'Demo and live' };

/** The list's columns; the two switches write at once (update-status / update-offline-mode) when `onToggle` is given. */
export function clientColumns(onToggle?: (t: ClientToggle) => void): DataTableColumnDef<Client>[] {
  return [
    {
      accessor: 'name',
      title: 'Name',
      render: (c) => (
        <Group gap="sm" wrap="nowrap">
          <ClientLogo name={c.name} logo={c.logo} />
          {/* A floor width: on a phone the table scrolls sideways rather than squeezing the name to one letter a line. */}
          <Text size="sm" fw={600} miw={140} maw={240} style={{ overflowWrap: 'break-word' }}>
            {c.name}
          </Text>
        </Group>
      ),
    },
    { accessor: 'companyName', title: 'Company', render: (c) => c.company.name },
    {
      accessor: 'type',
      title: 'Type',
      noWrap: true,
      render: (c) => (
        <Badge variant="light" color={c.type === 'live' ? 'grape' : 'blue'} radius="sm" tt="none">
          {TYPE_LABELS[c.type]}
        </Badge>
      ),
    },
    {
      accessor: 'status',
      title: 'Active',
      render: (c) => (
        <Switch
          aria-label={`${c.name} active`}
          checked={c.status === 'active'}
          disabled={!onToggle}
          onChange={(e) =>
            onToggle?.({ action: 'update-status', id: c.id, body: { status: e.currentTarget.checked ? 'active' : 'inactive' } })
          }
        />
      ),
    },
    {
      accessor: 'offlineMode',
      title: 'Offline mode',
      render: (c) => (
        <Switch
          aria-label={`${c.name} offline mode`}
          checked={c.offlineMode}
          disabled={!onToggle}
          onChange={(e) => onToggle?.({ action: 'update-offline-mode', id: c.id, body: { offlineMode: e.currentTarget.checked } })}
        />
      ),
    },
    { accessor: 'email', title: 'Email', hidden: true, render: (c) => c.email || '—' },
    { accessor: 'phone', title: 'Phone', hidden: true, render: (c) => c.phone || '—' },
    { accessor: 'createdAt', title: 'Created', render: (c) => <TimestampCell value={c.createdAt} /> },
    { accessor: 'id', title: 'ID', hidden: true, textAlign: 'right' },
  ];
}
