import type { UserRequest } from '@console/contract';
import { ResourcePage, useUrlFilters } from '../../components/resource';
import { userRequestsApi } from './api/user-requests-api';
import { requestColumns } from './components/request-columns';
import { orderRange, REQUEST_FILTERS } from './components/request-filters';
import { RequestFiltersBar } from './components/request-filters-bar';

const recordName = (r: UserRequest) => `${r.deviceCode} at ${r.requestedAt}`;

/** /tone-dashboard/user-request: what devices reported, filtered by location, platform and days (in the URL), with exports. */
export default function UserRequestsPage() {
  const { filters, setFilters, clearFilters } = useUrlFilters(REQUEST_FILTERS, orderRange);
  return (
    <ResourcePage<UserRequest>
      resourceApi={userRequestsApi}
      title="User requests"
      description="Each tone a device heard, with where, when and on what. Open a device code for that device's history."
      columns={requestColumns}
      recordName={recordName}
      filters={filters}
      filterBar={<RequestFiltersBar filters={filters} onChange={setFilters} onClear={clearFilters} />}
      searchPlaceholder="Search by device code, tone code, model…"
    />
  );
}
