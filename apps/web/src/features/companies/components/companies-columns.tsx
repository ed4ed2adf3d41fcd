import type { Company } from '@console/contract';
import { Anchor, Group, Text } from '@mantine/core';
import { type DataTableColumnDef, StatusBadge, TimestampCell } from '../../../components/data-table';
import { CompanyLogo } from './company-logo';

const dash = (value: string | null) => value || '—';

/** Shows the host only: full URLs crowd the table; the link keeps the whole address. */
export function websiteLabel(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '') || url;
  } catch {
    return url;
  }
}

/** Columns of the companies list; every visible one is sortable (companiesResource.list.sortFields). */
export const companyColumns: DataTableColumnDef<Company>[] = [
  {
    accessor: 'name',
    title: 'Name',
    render: (c) => (
      <Group gap="sm" wrap="nowrap">
        <CompanyLogo name={c.name} logo={c.logo} />
        {/* Wraps rather than truncates: a long name must not push the table under the pinned actions. */}
        <Text size="sm" fw={600} miw={120} maw={260} style={{ overflowWrap: 'anywhere' }}>
          {c.name}
        </Text>
      </Group>
    ),
  },
  { accessor: 'email', title: 'Email', render: (c) => dash(c.email) },
  { accessor: 'phone', title: 'Phone', noWrap: true, render: (c) => dash(c.phone) },
  {
    accessor: 'website',
    title: 'Website',
    render: (c) =>
      c.website ? (
        <Anchor href={c.website} target="_blank" rel="noopener noreferrer" size="sm">
          {websiteLabel(c.website)}
        </Anchor>
      ) : (
        '—'
      ),
  },
  { accessor: 'status', title: 'Status', noWrap: true, render: (c) => <StatusBadge status={c.status} /> },
  { accessor: 'userCount', title: 'Users', textAlign: 'right' },
  // Timestamps may break between date and time when the table is squeezed.
  { accessor: 'createdAt', title: 'Created', render: (c) => <TimestampCell value={c.createdAt} /> },
  { accessor: 'id', title: 'ID', hidden: true, textAlign: 'right' },
];
