import type { UserRequest } from '@console/contract';
import { ResourcePage, useResourceOptions } from '../../components/resource';
import { userRequestsApi } from './api/user-requests-api';
import { requestColumns } from './components/request-columns';
import { type RequestFilters, requestFilterSelects } from './components/request-filters';
import { RequestDateRange } from './components/request-date-range';

const recordName = (r: UserRequest) => `${r.deviceCode} at ${r.requestedAt}`;

/** /tone-dashboard/user-request: what devices reported, filtered by location, platform and days (in the URL), with exports. */
export default function UserRequestsPage() {
  // The location filter's choices (GET /locations, by name); needs locations.view.
  const locations = useResourceOptions('locations');
  return (
    <ResourcePage<UserRequest>
      resourceApi={userRequestsApi}
      searchPlaceholder="Search by device code, tone code, model…"
      columns={requestColumns}
      recordName={recordName}
      filterSelects={requestFilterSelects(locations)}
      filterInputs={(filters, onChange) => <RequestDateRange filters={filters as RequestFilters} onChange={onChange} />}
    />
  );
}
