import type { RoleListItem } from '@console/contract';
import { Badge, Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { DataTableColumnDef } from '../../../components/data-table';
import { formatTimestamp } from '../../../lib/formatters';
import { isProtectedRole } from '../roles-logic';

/** The roles list's data columns (the resource page adds the actions column). */
export const rolesColumns: DataTableColumnDef<RoleListItem>[] = [
  {
    accessor: 'name',
    title: 'Name',
    render: (role) => (
      <Group gap={6} wrap="nowrap">
        {isProtectedRole(role) ? <IconLock size={14} aria-label="Protected role" /> : null}
        <Text size="sm" fw={600}>
          {role.name}
        </Text>
      </Group>
    ),
  },
  {
    accessor: 'description',
    title: 'Description',
    render: (role) => (
      <Text size="sm" lineClamp={2} c={role.description ? undefined : 'dimmed'}>
        {role.description || '—'}
      </Text>
    ),
  },
  { accessor: 'userCount', title: 'Users', textAlign: 'right', width: 90 },
  {
    // Not among the API's sort fields: the resource page leaves it unsortable.
    accessor: 'isSystem',
    title: 'Type',
    width: 110,
    render: (role) =>
      role.isSystem ? (
        <Badge variant="light" color="grape">
          System
        </Badge>
      ) : (
        <Text size="sm" c="dimmed">
          Custom
        </Text>
      ),
  },
  {
    // Not a sort field either.
    accessor: 'secondFactorRequired',
    title: 'Second factor',
    width: 130,
    render: (role) =>
      role.secondFactorRequired ? (
        <Badge variant="light" color="teal.9">
          Required
        </Badge>
      ) : (
        <Text size="sm" c="dimmed">
          Optional
        </Text>
      ),
  },
  { accessor: 'createdAt', title: 'Created', noWrap: true, render: (role) => formatTimestamp(role.createdAt) },
];
