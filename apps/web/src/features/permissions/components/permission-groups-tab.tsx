import type { PermissionDetail } from '@console/contract';
import { Badge, Button, Group, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { DataTable, type DataTableColumnDef } from '../../../components/data-table';
import { useSession } from '../../../lib/auth/session';
import { getPermissionGroupsPage, PERMISSION_GROUPS_KEY } from '../api/get-permission-groups';
import type { CatalogueIndex } from '../logic/grants-matrix';
import { PermissionDetailDrawer } from './permission-detail-drawer';

const KEYS_SHOWN = 4;

/** The permission groups and their keys, read-only (GET /permissions, /permissions/{id}). */
export function PermissionGroupsTab({ index }: { index: CatalogueIndex }) {
  const session = useSession();
  const [openId, setOpenId] = useState<number | null>(null);

  const columns = useMemo<DataTableColumnDef<PermissionDetail>[]>(
    () => [
      {
        accessor: 'name',
        title: 'Group',
        render: (g) => (
          <Text size="sm" fw={600}>
            {g.name}
          </Text>
        ),
      },
      { accessor: 'moduleId', title: 'Module', render: (g) => index.moduleById.get(g.moduleId)?.name ?? `Module ${g.moduleId}` },
      {
        accessor: 'subModules',
        title: 'Keys',
        sortable: false,
        render: (g) => (
          <Group gap={4}>
            {g.subModules.slice(0, KEYS_SHOWN).map((s) => (
              <Badge key={s.roleKey} variant="light" radius="sm" tt="none">
                {s.roleKey}
              </Badge>
            ))}
            {g.subModules.length > KEYS_SHOWN ? (
              <Text size="xs" c="dimmed">
                +{g.subModules.length - KEYS_SHOWN} more
              </Text>
            ) : null}
          </Group>
        ),
      },
      {
        accessor: 'details',
        title: 'Details',
        sortable: false,
        hideable: false,
        textAlign: 'right',
        render: (g) => (
          <Button size="xs" variant="light" onClick={() => setOpenId(g.id)} aria-label={`Details of ${g.name}`}>
            Details
          </Button>
        ),
      },
    ],
    [index],
  );

  return (
    <>
      <DataTable<PermissionDetail>
        tableId="permission-groups"
        userId={session?.user.id}
        label="Permission groups"
        columns={columns}
        queryKey={[...PERMISSION_GROUPS_KEY, 'page']}
        queryFn={(query, { signal }) => getPermissionGroupsPage(query, signal)}
        // The matrix tab owns ?roleId; this table's state lives under its own prefix.
        listQueryOptions={{ prefix: 'groups.', defaultLimit: 25, defaultSortField: 'id' }}
        searchLabel="Search permission groups"
        searchPlaceholder="Search groups..."
        noRecordsText="No permission groups found"
      />
      <PermissionDetailDrawer id={openId} index={index} onClose={() => setOpenId(null)} />
    </>
  );
}
