import { type ChangeHistoryEntry, RESOURCES } from '@console/contract';
import { Text } from '@mantine/core';
import { breakable, type DataTableColumnDef, TimestampCell } from '../../../components/data-table';
import { actorLabel, describeAction, formatValue, humaniseField, summariseChanges } from '../../../components/resource';

/** The resource a change belongs to, by its label ('Client'); a change outside the resources by its entity. */
export function resourceLabel(entry: Pick<ChangeHistoryEntry, 'resource' | 'entity'>): string {
  const declared = entry.resource ? (RESOURCES as Record<string, { label: { singular: string } } | undefined>)[entry.resource] : undefined;
  return declared?.label.singular ?? humaniseField(entry.entity);
}

/** The row's name when the change carries it (after the change, or before it for a delete): its name, title, a person's name, e-mail or code. */
export function rowNameOf(entry: Pick<ChangeHistoryEntry, 'changes'>): string | undefined {
  const text = (field: string) => {
    const change = entry.changes.find((c) => c.field === field);
    const value = change ? (change.after ?? change.before) : undefined;
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  const person = [text('firstname'), text('lastname')].filter(Boolean).join(' ');
  return text('name') ?? text('title') ?? (person || undefined) ?? text('email') ?? text('code');
}

/** Time, who, what, which row and a one- or two-line summary of the diff; the list's Details action shows all of it. */
export const historyColumns: DataTableColumnDef<ChangeHistoryEntry>[] = [
  { accessor: 'createdAt', title: 'Time', render: (e) => <TimestampCell value={e.createdAt} /> },
  {
    accessor: 'actorName',
    title: 'Who',
    render: (e) => (
      <Text size="sm" miw={120} maw={240}>
        {breakable(actorLabel(e))}
      </Text>
    ),
  },
  { accessor: 'action', title: 'Action', render: (e) => describeAction(e) },
  { accessor: 'resource', sortField: 'entity', title: 'Resource', noWrap: true, render: resourceLabel },
  {
    accessor: 'entityId',
    title: 'Row',
    sortable: false,
    render: (e) => {
      const name = rowNameOf(e);
      return (
        <Text size="sm" miw={80} maw={200} style={{ overflowWrap: 'anywhere' }}>
          {e.entityId ? `#${e.entityId}` : formatValue(null)}
          {name ? (
            <Text span size="xs" c="dimmed" display="block">
              {breakable(name)}
            </Text>
          ) : null}
        </Text>
      );
    },
  },
  {
    accessor: 'changes',
    title: 'Changes',
    sortable: false,
    render: (e) => (
      <Text size="sm" lineClamp={2} miw={200} maw={420} style={{ overflowWrap: 'anywhere' }}>
        {summariseChanges(e)}
      </Text>
    ),
  },
  { accessor: 'id', title: 'ID', hidden: true, textAlign: 'right' },
];
