import type { Company } from '@console/contract';
import type { ResourceForm } from '../../../components/resource';
import { type FormField, type FormValues, toFormData } from '../../../components/form-builder';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

// Each field's help icon opens its section of the in-product help (/docs/companies#<label>).
const withHelp = (field: FormField): FormField => ({
  ...field,
  showHelp: true,
  helpUrl: `/docs/companies#${field.label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
});

/** The add/edit form: the fields of the contract's companyInputSchema plus the `logo` file part. */
export const COMPANY_FIELDS: FormField[] = (
  [
    { name: 'name', label: 'Company name', type: 'text', required: true, placeholder: 'Acme Corporation' },
    { name: 'email', label: 'Email', type: 'email', placeholder: 'contact@acme.example' },
    { name: 'phone', label: 'Phone', type: 'text', placeholder: '+1 555 0100' },
    { name: 'website', label: 'Website', type: 'text', placeholder: 'https://acme.example' },
    { name: 'address', label: 'Address', type: 'textarea', rows: 3 },
    { name: 'status', label: 'Status', type: 'select', required: true, options: STATUS_OPTIONS },
    // fileNote keeps the form builder's default ('Upload image file').
    { name: 'logo', label: 'Logo', type: 'file', accept: 'image/*' },
  ] satisfies FormField[]
).map(withHelp);

const FIELD_NAMES = COMPANY_FIELDS.map((f) => f.name);

/**
 * A company as the form's starting values. Only the form's own fields: the record's id,
 * counts and dates must not travel back in the multipart body.
 */
export function companyToFormValues(company?: Company | null): FormValues {
  return {
    name: company?.name ?? '',
    email: company?.email ?? '',
    phone: company?.phone ?? '',
    website: company?.website ?? '',
    address: company?.address ?? '',
    status: company?.status ?? 'active',
    logo: company?.logo ?? null,
  };
}

/**
 * The multipart body of add/edit. A kept logo sends no part; a removed one sends
 * removeLogo=true (toFormData compares with the starting values); a new one is the `logo` part.
 */
export function companyFormData(values: FormValues, initialValues?: FormValues): FormData {
  const picked = Object.fromEntries(FIELD_NAMES.filter((name) => name in values).map((name) => [name, values[name]]));
  return toFormData(picked, COMPANY_FIELDS, { initialValues });
}

/** The add/edit drawer of the companies screen (components/resource). */
export const companyForm: ResourceForm<Company> = {
  fields: COMPANY_FIELDS,
  toValues: companyToFormValues,
  toBody: companyFormData,
  previewField: 'logo',
  previewNameField: 'logoName',
};
