import type { ManageAction } from '@console/contract';
import { Group } from '@mantine/core';
import { useMemo } from 'react';
import { BulkUploadPanel } from '../../components/bulk-upload';
import { ResourcePage, ResourcePicker, useResourceOptions, useUrlFilters } from '../../components/resource';
import { actionColumns } from './components/action-columns';
import { actionForm } from './components/action-form';
import { ACTION_FILTERS, CLIENT_OPTIONS, manageActionsApi } from './manage-actions-api';

/**
 * /demo-admin/manage-actions: what a tone code makes a device do, per client (`?clientId=`; none:
 * every client's), with add, edit, delete and exports (DESIGN s.4b).
 */
export default function ManageActionsPage() {
  const { filters, setFilters } = useUrlFilters(ACTION_FILTERS);
  const { clientId } = filters;
  const clients = useResourceOptions('clients', CLIENT_OPTIONS);
  const form = useMemo(() => actionForm(clients.data ?? [], clientId), [clients.data, clientId]);
  return (
    <ResourcePage<ManageAction>
      resourceApi={manageActionsApi}
      columns={actionColumns}
      form={form}
      filterBar={
        <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label="Filters">
          <ResourcePicker
            name="clients"
            {...CLIENT_OPTIONS}
            value={clientId}
            onChange={(id) => setFilters({ clientId: id ? String(id) : undefined })}
            placeholder="All clients"
          />
        </Group>
      }
    >
      {/* Under the list, as on the media screens: the bulk upload of the chosen client. */}
      <BulkUploadPanel kind="manage-actions" clientId={clientId} />
    </ResourcePage>
  );
}
