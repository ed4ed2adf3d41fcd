import { type FilterSelect, optionsFilterSelect } from '../../../components/resource';
import { STATUS_OPTIONS, TYPE_OPTIONS } from './client-form';

/** Type, status and company selects above the clients table. */
export function clientFilterSelects(companies: { data?: readonly { value: string; label: string }[]; isError: boolean }): FilterSelect[] {
  return [
    { name: 'type', label: 'Type', placeholder: 'Any type', options: TYPE_OPTIONS, width: 170 },
    { name: 'status', label: 'Status', placeholder: 'Any status', options: STATUS_OPTIONS, width: 150 },
    optionsFilterSelect('companyId', 'companies', companies, { width: 220 }),
  ];
}
