import type { ManageAction } from '@console/contract';
import { Group, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { BulkUploadPanel } from '../../components/bulk-upload';
import { ClientPicker, useClientIdParam, useClientOptions } from '../../components/client-picker';
import { ResourcePage } from '../../components/resource';
import { actionColumns } from './components/action-columns';
import { actionForm } from './components/action-form';
import { actionFilters, manageActionsApi } from './manage-actions-api';

const recordName = (a: ManageAction) => a.name;

/**
 * /demo-admin/manage-actions: what a tone code makes a device do, per client (`?clientId=`; none:
 * every client's), with add, edit, delete and exports (DESIGN s.4b).
 */
export default function ManageActionsPage() {
  const [clientId, setClientId] = useClientIdParam();
  const clients = useClientOptions();
  const filters = useMemo(() => actionFilters(clientId), [clientId]);
  const form = useMemo(() => actionForm(clients.data ?? [], clientId), [clients.data, clientId]);
  return (
    <Stack gap="xl">
      <ResourcePage<ManageAction>
        resourceApi={manageActionsApi}
        title="Manage actions"
        description="What a tone code makes a device do: open a page or a link, show media, call, e-mail or text."
        columns={actionColumns}
        recordName={recordName}
        form={form}
        filters={filters}
        filterBar={
          <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label="Filters">
            <ClientPicker value={clientId} onChange={setClientId} placeholder="All clients" />
          </Group>
        }
        searchPlaceholder="Search by name, value, tone code…"
      />
      <BulkUploadPanel kind="manage-actions" clientId={clientId} />
    </Stack>
  );
}
