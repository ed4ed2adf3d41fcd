import type { FilterSelect } from '../../../components/resource';
import { STATUS_OPTIONS } from './user-fields';

type Options = { data?: { id: number; name: string }[]; isError: boolean };
const optionsOf = (o: Options) => (o.data ?? []).map((x) => ({ value: String(x.id), label: x.name }));

/** Role, company and status selects above the users table. */
export function userFilterSelects(roles: Options, companies: Options): FilterSelect[] {
  const roleOptions = optionsOf(roles);
  return [
    {
      name: 'roleId',
      label: 'Role',
      placeholder: 'All roles',
      options: roleOptions,
      width: 200,
      searchable: roleOptions.length > 8,
      // Without roles.view (or users.create/update) the API refuses the list: nothing to choose from.
      unavailable: roles.isError && 'Roles unavailable',
      missingLabel: (id) => `Role #${id}`,
    },
    {
      name: 'companyId',
      label: 'Company',
      placeholder: 'All companies',
      options: optionsOf(companies),
      width: 220,
      searchable: true,
      unavailable: companies.isError && 'Companies unavailable',
      missingLabel: (id) => `Company #${id}`,
    },
    { name: 'status', label: 'Status', placeholder: 'Any status', options: STATUS_OPTIONS, width: 160 },
  ];
}
