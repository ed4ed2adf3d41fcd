import { type Client, PERMISSION_KEYS } from '@console/contract';
import { useMemo } from 'react';
import { ResourcePage, useResourceOptions } from '../../components/resource';
import { useCan } from '../../lib/permissions';
import { clientsApi, useClientToggle } from './clients-api';
import { clientColumns } from './components/client-columns';
import { clientFilterSelects } from './components/client-filters';
import { clientForm } from './components/client-form';

/** /demo-admin/clients: clients with type/status/company filters, row switches, add, edit, delete and exports (DESIGN s.4b). */
export default function ClientsPage() {
  const canUpdate = useCan(PERMISSION_KEYS.clients.update);
  const toggle = useClientToggle();
  // The company filter and the drawer's dropdown: one call (limit 1000, by name).
  const companies = useResourceOptions('companies', { fields: ['name'] });
  const columns = useMemo(() => clientColumns(canUpdate ? toggle.mutate : undefined), [canUpdate, toggle.mutate]);
  const form = useMemo(() => clientForm(companies.data ?? []), [companies.data]);
  return <ResourcePage<Client> resourceApi={clientsApi} columns={columns} form={form} filterSelects={clientFilterSelects(companies)} />;
}
