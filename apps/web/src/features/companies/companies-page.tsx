import type { Company } from '@console/contract';
import { Anchor, Avatar, type AvatarProps, Group, Text } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { type DataTableColumnDef, StatusBadge, TimestampCell } from '../../components/data-table';
import { type FormField, type FormValues, toFormData } from '../../components/form-builder';
import { ResourcePage, type ResourceForm } from '../../components/resource';
import { useStoredFileUrl } from '../../lib/stored-file';
import { companiesApi } from './api/companies-api';

// The companies screen in one file: its columns, its form and the kit's page (docs/resources.md
// "A new CRUD resource"); labels, keys, sort fields, filters and schemas come from the declaration.

/** A company's logo thumbnail (fetched with the bearer token), or a building icon without one. */
export function CompanyLogo({ name, logo, size = 32, ...rest }: { name: string; logo: string | null } & Omit<AvatarProps, 'src' | 'alt'>) {
  const src = useStoredFileUrl(logo, { thumb: true });
  return (
    <Avatar src={src} alt={src ? `Logo of ${name}` : undefined} size={size} radius="sm" color="brand" variant="light" {...rest}>
      <IconBuilding size={Math.round(Number(size) * 0.55)} stroke={1.6} aria-hidden />
    </Avatar>
  );
}

const dash = (value: string | null) => value || '—';

/** Shows the host only: full URLs crowd the table; the link keeps the whole address. */
export function websiteLabel(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '') || url;
  } catch {
    return url;
  }
}

/** Columns of the companies list; every visible one is sortable (companiesResource.list.sortFields). */
export const companyColumns: DataTableColumnDef<Company>[] = [
  {
    accessor: 'name',
    title: 'Name',
    render: (c) => (
      <Group gap="sm" wrap="nowrap">
        <CompanyLogo name={c.name} logo={c.logo} />
        {/* Wraps rather than truncates: a long name must not push the table under the pinned actions. */}
        <Text size="sm" fw={600} miw={120} maw={260} style={{ overflowWrap: 'anywhere' }}>
          {c.name}
        </Text>
      </Group>
    ),
  },
  { accessor: 'email', title: 'Email', render: (c) => dash(c.email) },
  { accessor: 'phone', title: 'Phone', noWrap: true, render: (c) => dash(c.phone) },
  {
    accessor: 'website',
    title: 'Website',
    render: (c) =>
      c.website ? (
        <Anchor href={c.website} target="_blank" rel="noopener noreferrer" size="sm">
          {websiteLabel(c.website)}
        </Anchor>
      ) : (
        '—'
      ),
  },
  { accessor: 'status', title: 'Status', noWrap: true, render: (c) => <StatusBadge status={c.status} /> },
  { accessor: 'userCount', title: 'Users', textAlign: 'right' },
  // Timestamps may break between date and time when the table is squeezed.
  { accessor: 'createdAt', title: 'Created', render: (c) => <TimestampCell value={c.createdAt} /> },
  { accessor: 'id', title: 'ID', hidden: true, textAlign: 'right' },
];

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

/** /{product}/companies: the companies list with add, edit, delete and exports (spec s.2, s.7). */
export default function CompaniesPage() {
  return (
    <ResourcePage
      resourceApi={companiesApi}
      columns={companyColumns}
      form={companyForm}
      searchPlaceholder="Search by name, email, phone…"
    />
  );
}
