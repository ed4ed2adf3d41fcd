import type { Client } from '@console/contract';
import type { ResourceForm } from '../../../components/resource';
import type { FormField, FormValues } from '../../../components/form-builder';
import { TYPE_LABELS } from './client-columns';

export const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];
export const TYPE_OPTIONS = Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }));

const clientFields = (companies: { id: number; name: string }[]): FormField[] => [
  { name: 'name', label: 'Client name', type: 'text', required: true, placeholder: 'Nova Retail' },
  { name: 'companyId', label: 'Company', type: 'select', required: true, options: companies.map((c) => ({ value: c.id, label: c.name })) },
  { name: 'type', label: 'Type', type: 'select', required: true, options: TYPE_OPTIONS },
  { name: 'status', label: 'Status', type: 'select', required: true, options: STATUS_OPTIONS },
  { name: 'offlineMode', label: 'Offline mode', type: 'switch' },
  { name: 'email', label: 'Email', type: 'email', placeholder: 'contact@nova.example' },
  { name: 'phone', label: 'Phone', type: 'text', placeholder: '+1 555 0100' },
  { name: 'logo', label: 'Logo', type: 'file', accept: 'image/*' },
];

/** The row as the form's starting values: only the form's own fields travel back. */
function clientToFormValues(c: Client | null): FormValues {
  return {
    name: c?.name ?? '',
    companyId: c?.companyId ?? '',
    type: c?.type ?? 'demo',
    status: c?.status ?? 'active',
    offlineMode: c?.offlineMode ?? false,
    email: c?.email ?? '',
    phone: c?.phone ?? '',
    logo: c?.logo ?? null,
  };
}

/** The add/edit drawer; the company options come from GET /companies (limit 1000). */
export function clientForm(companies: { id: number; name: string }[]): ResourceForm<Client> {
  return {
    fields: clientFields(companies),
    toValues: clientToFormValues,
    previewField: 'logo',
    previewNameField: 'logoName',
  };
}
