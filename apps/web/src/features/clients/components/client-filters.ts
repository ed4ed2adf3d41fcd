import type { FilterSelect } from '../../../components/resource';
import { STATUS_OPTIONS, TYPE_OPTIONS } from './client-form';

/** Type, status and company selects above the clients table. */
export function clientFilterSelects(companies: { data?: { id: number; name: string }[]; isError: boolean }): FilterSelect[] {
  return [
    { name: 'type', label: 'Type', placeholder: 'Any type', options: TYPE_OPTIONS, width: 170 },
    { name: 'status', label: 'Status', placeholder: 'Any status', options: STATUS_OPTIONS, width: 150 },
    {
      name: 'companyId',
      label: 'Company',
      placeholder: 'All companies',
      options: (companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
      width: 220,
      searchable: true,
      unavailable: companies.isError && 'Companies unavailable',
      missingLabel: (id) => `Company #${id}`,
    },
  ];
}
