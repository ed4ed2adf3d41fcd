import type { About, SessionUser } from '@console/contract';
import { type FormField, type FormValues, toFormData } from '../../../components/form-builder';
import type { StoredUser } from '../../../lib/auth/session';

/** The fields a user edits on their own profile (aboutUpdateSchema); help icons open /docs/profile. */
export const ABOUT_FIELDS: FormField[] = [
  { name: 'firstname', label: 'First name', type: 'text', required: true, showHelp: true, helpUrl: '/docs/profile#first-name' },
  { name: 'lastname', label: 'Last name', type: 'text', required: true, showHelp: true, helpUrl: '/docs/profile#last-name' },
  { name: 'phone', label: 'Phone', type: 'text', placeholder: '+44 20 7946 0958', showHelp: true, helpUrl: '/docs/profile#phone' },
  { name: 'profile', label: 'Profile image', type: 'file', showHelp: true, helpUrl: '/docs/profile#profile-image' },
  { name: 'primaryColor', label: 'Primary colour', type: 'color', required: true, showHelp: true, helpUrl: '/docs/profile#primary-colour' },
  {
    name: 'secondaryColor',
    label: 'Secondary colour',
    type: 'color',
    required: true,
    showHelp: true,
    helpUrl: '/docs/profile#secondary-colour',
  },
];

/** The stored profile as the form's initial values (the image as its stored path). */
export function aboutToFormValues(about: About): FormValues {
  return {
    firstname: about.firstname,
    lastname: about.lastname,
    phone: about.phone ?? '',
    profile: about.profile ?? null,
    primaryColor: about.primaryColor,
    secondaryColor: about.secondaryColor,
  };
}

/**
 * The multipart body of PATCH /about/update/{id}: a new image as the file part `profile`, an
 * unchanged one not re-sent, a removed one as removeProfile=true (toFormData's rules).
 */
export function aboutFormData(values: FormValues, initial: FormValues): FormData {
  const { removeProfile: _ignored, ...rest } = values;
  return toFormData(rest, ABOUT_FIELDS, { initialValues: initial });
}

/** The cookie's user after a save: the server's session fields over what the cookie held. */
export function sessionUserAfterUpdate(stored: StoredUser, updated: SessionUser): StoredUser {
  return { ...stored, ...updated };
}
