import { type FilterSelect, optionsFilterSelect } from '../../../components/resource';
import { STATUS_OPTIONS } from './user-fields';

type Loaded = { data?: readonly { value: string; label: string }[]; isError: boolean };

/** Role, company and status selects above the users table. */
export function userFilterSelects(roles: Loaded, companies: Loaded): FilterSelect[] {
  return [
    // Without roles.view (or users.create/update) the API refuses the list: 'Roles unavailable'.
    optionsFilterSelect('roleId', 'roles', roles, { width: 200, searchable: (roles.data?.length ?? 0) > 8 }),
    optionsFilterSelect('companyId', 'companies', companies, { width: 220 }),
    { name: 'status', label: 'Status', placeholder: 'Any status', options: STATUS_OPTIONS, width: 160 },
  ];
}
