import { DEFAULT_COLORS, sessionUserSchema, type User } from '@console/contract';
import type { ComponentType } from 'react';
import { type CustomFieldProps, type FormField, type FormValues, toFormData } from '../../../components/form-builder';
import type { StoredUser } from '../../../lib/auth/session';
import { PasswordField } from './password-field';

export const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

export type UserFieldOptions = {
  /** Every role; the form offers those the signed-in user may assign (`manageable`), as the API refuses the others. */
  roles: readonly { id: number; name: string; manageable?: unknown }[];
  companies: readonly { id: number; name: string; status?: unknown }[];
  /** Edit form: the password becomes optional. */
  editing: boolean;
  /** Editing your own account: the API refuses a change of your own role or status. */
  isSelf?: boolean;
};

// Each field's help icon opens its section of the in-product help (/docs/users#<label>).
const withHelp = (field: FormField): FormField => ({
  ...field,
  showHelp: true,
  helpUrl: `/docs/users#${field.label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
});

/** The add/edit form, in the order a person fills it in: identity, sign-in, access, look. */
export function userFields({ roles, companies, editing, isSelf = false }: UserFieldOptions): FormField[] {
  const fields: FormField[] = [
    { name: 'firstname', label: 'First name', type: 'text', required: true },
    { name: 'lastname', label: 'Last name', type: 'text', required: true },
    { name: 'email', label: 'Email', type: 'email', required: true, placeholder: 'name@company.example' },
    {
      name: 'password',
      label: 'Password',
      type: 'custom',
      required: !editing,
      component: PasswordField as ComponentType<CustomFieldProps>,
    },
    {
      name: 'roleId',
      label: 'Role',
      type: 'select',
      required: true,
      disabled: isSelf,
      placeholder: 'Choose a role',
      options: roles.filter((r) => r.manageable).map((r) => ({ value: r.id, label: r.name })),
    },
    {
      name: 'companyId',
      label: 'Company',
      type: 'select',
      placeholder: 'No company',
      options: companies.map((c) => ({ value: c.id, label: c.name, description: c.status === 'inactive' ? 'Inactive' : undefined })),
    },
    { name: 'phone', label: 'Phone', type: 'text', placeholder: '+1 555 0100' },
    { name: 'status', label: 'Status', type: 'select', required: true, disabled: isSelf, options: STATUS_OPTIONS },
    { name: 'twoFactorEnabled', label: 'Two-step sign-in', type: 'switch' },
    { name: 'primaryColor', label: 'Primary colour', type: 'color' },
    { name: 'secondaryColor', label: 'Secondary colour', type: 'color' },
    // accept and fileNote keep the form builder's defaults (images; 'Upload image file').
    { name: 'profile', label: 'Profile image', type: 'file', accept: 'image/*' },
  ];
  return fields.map(withHelp);
}

/** A user as the form's starting values: only the form's fields (no id, dates or API-key flag). */
export function userToFormValues(user?: User | null): FormValues {
  return {
    firstname: user?.firstname ?? '',
    lastname: user?.lastname ?? '',
    email: user?.email ?? '',
    password: '',
    roleId: user?.roleId ?? '',
    companyId: user?.companyId ?? '',
    phone: user?.phone ?? '',
    status: user?.status ?? 'active',
    twoFactorEnabled: user?.twoFactorEnabled ?? false,
    primaryColor: user?.primaryColor ?? DEFAULT_COLORS.primaryColor,
    secondaryColor: user?.secondaryColor ?? DEFAULT_COLORS.secondaryColor,
    profile: user?.profile ?? null,
  };
}

/**
 * The multipart body of add/edit: only the form's fields; an empty password is left out on
 * edit (it keeps the current one); a removed picture sends removeProfile=true.
 */
export function userFormData(values: FormValues, fields: readonly FormField[], initialValues?: FormValues): FormData {
  const picked: FormValues = {};
  for (const field of fields) {
    if (field.name in values) picked[field.name] = values[field.name];
  }
  if (picked.password === '' || picked.password === null) delete picked.password;
  return toFormData(picked, fields, { initialValues });
}

/** The fields the userDetails cookie keeps of a user (the contract's session user); read when saving, not as the list loads. */
const sessionFields = () => sessionUserSchema.keyof().options;

/** The session cookie's user after the signed-in user saved their own record. */
export function sessionUserFromUser(user: User, previous?: StoredUser): StoredUser {
  // email again: the type wants it named (it is one of the fields).
  return { ...previous, ...Object.fromEntries(sessionFields().map((field) => [field, user[field]])), email: user.email };
}
