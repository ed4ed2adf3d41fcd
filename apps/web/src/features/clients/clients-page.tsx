import { type Client, PERMISSION_KEYS } from '@console/contract';
import { useMemo } from 'react';
import { FilterBar, ResourcePage, useUrlFilters } from '../../components/resource';
import { useCan } from '../../lib/permissions';
import { CLIENT_FILTERS, clientsApi, useClientToggle, useCompanyOptions } from './clients-api';
import { clientColumns } from './components/client-columns';
import { clientFilterSelects } from './components/client-filters';
import { clientForm } from './components/client-form';

const recordName = (c: Client) => c.name;

/** /demo-admin/clients: clients with type/status/company filters, row switches, add, edit, delete and exports (DESIGN s.4b). */
export default function ClientsPage() {
  const { filters, setFilters, clearFilters } = useUrlFilters(CLIENT_FILTERS);
  const canUpdate = useCan(PERMISSION_KEYS.clients.update);
  const toggle = useClientToggle();
  const companies = useCompanyOptions();
  const columns = useMemo(() => clientColumns(canUpdate ? toggle.mutate : undefined), [canUpdate, toggle.mutate]);
  const form = useMemo(() => clientForm(companies.data ?? []), [companies.data]);
  const selects = clientFilterSelects(companies);
  return (
    <ResourcePage<Client>
      resourceApi={clientsApi}
      title="All clients"
      description="Your companies' customers: their media and actions hang off them."
      columns={columns}
      recordName={recordName}
      form={form}
      filters={filters}
      filterBar={<FilterBar selects={selects} values={filters} onChange={setFilters} onClear={clearFilters} />}
      searchPlaceholder="Search by name, email, phone…"
    />
  );
}
