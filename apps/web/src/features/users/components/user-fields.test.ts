import { type User, userCreateSchema, userUpdateSchema } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { sessionUserFromUser, userFields, userFormData, userToFormValues } from './user-fields';

const user: User = {
  id: 9,
  roleId: 2,
  roleName: 'Content Manager',
  companyId: null,
  companyName: null,
  firstname: 'Maria',
  lastname: 'Manager',
  email: 'maria@example.com',
  phone: null,
  profile: 'profile/2026/11/p.png',
  profileName: 'maria.png',
  primaryColor: '#112233',
  secondaryColor: '#445566',
  status: 'active',
  twoFactorEnabled: true,
  hasApiKey: false,
  lastLoginAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const options = {
  roles: [
    { id: 1, name: 'Super Admin', manageable: true },
    { id: 2, name: 'Content Manager', manageable: true },
  ],
  companies: [{ id: 4, name: 'Acme', status: 'inactive' }],
};
const entries = (body: FormData) =>
  Object.fromEntries([...body.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${(v as File).name}`]));

describe('user form fields', () => {
  it('requires the password on add and makes it optional on edit', () => {
    expect(userFields({ ...options, editing: false }).find((f) => f.name === 'password')?.required).toBe(true);
    expect(userFields({ ...options, editing: true }).find((f) => f.name === 'password')?.required).toBe(false);
  });

  it('offers the roles and companies as options with numeric values', () => {
    const fields = userFields({ ...options, editing: false });
    expect(fields.find((f) => f.name === 'roleId')?.options).toEqual([
      { value: 1, label: 'Super Admin' },
      { value: 2, label: 'Content Manager' },
    ]);
    expect(fields.find((f) => f.name === 'companyId')?.options).toEqual([{ value: 4, label: 'Acme', description: 'Inactive' }]);
  });

  it('offers only the roles the signed-in user may assign (the API refuses the others)', () => {
    const roles = [
      { id: 1, name: 'Super Admin', manageable: false },
      { id: 2, name: 'Content Manager', manageable: false },
      { id: 7, name: 'Support', manageable: true },
    ];
    expect(userFields({ ...options, roles, editing: false }).find((f) => f.name === 'roleId')?.options).toEqual([
      { value: 7, label: 'Support' },
    ]);
  });

  it('locks role and status when editing your own account (the API refuses those changes)', () => {
    const fields = userFields({ ...options, editing: true, isSelf: true });
    expect(fields.filter((f) => f.disabled).map((f) => f.name)).toEqual(['roleId', 'status']);
  });

  it('has the colour pickers, the two-step switch and an image field', () => {
    const fields = userFields({ ...options, editing: false });
    expect(fields.find((f) => f.name === 'primaryColor')?.type).toBe('color');
    expect(fields.find((f) => f.name === 'twoFactorEnabled')?.type).toBe('switch');
    expect(fields.find((f) => f.name === 'profile')).toMatchObject({
      type: 'file',
      accept: 'image/*',
      helpUrl: '/docs/users#profile-image',
    });
  });
});

describe('user form <-> API', () => {
  it('starts from the record (no id, dates or key flag) with an empty password', () => {
    expect(userToFormValues(user)).toEqual({
      firstname: 'Maria',
      lastname: 'Manager',
      email: 'maria@example.com',
      password: '',
      roleId: 2,
      companyId: '',
      phone: '',
      status: 'active',
      twoFactorEnabled: true,
      primaryColor: '#112233',
      secondaryColor: '#445566',
      profile: 'profile/2026/11/p.png',
    });
  });

  it('starts an add form with the default colours', () => {
    expect(userToFormValues(null)).toMatchObject({
      primaryColor: '#143f6f',
      secondaryColor: '#0d97fd',
      status: 'active',
      twoFactorEnabled: false,
    });
  });

  it('edit: leaves an empty password out, sends booleans and a cleared company as text', async () => {
    const fields = userFields({ ...options, editing: true });
    const initial = userToFormValues(user);
    const parsed = await userUpdateSchema.parseAsync(initial);
    const body = entries(userFormData({ ...initial, ...parsed }, fields, initial));
    expect(body.password).toBeUndefined();
    expect(body).toMatchObject({ twoFactorEnabled: 'true', roleId: '2', companyId: '', status: 'active', primaryColor: '#112233' });
    expect(body.profile).toBeUndefined(); // unchanged picture: nothing re-sent
    expect(body.id).toBeUndefined();
  });

  it('add: sends the password and the new picture; the schema rejects a missing password', async () => {
    const fields = userFields({ ...options, editing: false });
    const values = { ...userToFormValues(null), firstname: 'N', lastname: 'N', email: 'n@example.com', roleId: 2, companyId: 4 };
    expect((await userCreateSchema.safeParseAsync(values)).success).toBe(false);
    const picture = new File(['x'], 'me.png', { type: 'image/png' });
    const body = entries(userFormData({ ...values, password: 'Secret-123', profile: picture }, fields, userToFormValues(null)));
    expect(body).toMatchObject({ password: 'Secret-123', profile: 'file:me.png', companyId: '4', twoFactorEnabled: 'false' });
  });

  it('edit: a removed picture sends removeProfile=true', () => {
    const fields = userFields({ ...options, editing: true });
    const initial = userToFormValues(user);
    expect(entries(userFormData({ ...initial, profile: null }, fields, initial))).toMatchObject({ removeProfile: 'true' });
  });

  it('builds the session user from the saved record, keeping what the cookie had besides', () => {
    expect(sessionUserFromUser({ ...user, primaryColor: '#0f766e' }, { email: 'old@example.com', id: 9 })).toEqual({
      id: 9,
      roleId: 2,
      firstname: 'Maria',
      lastname: 'Manager',
      email: 'maria@example.com',
      profile: 'profile/2026/11/p.png',
      primaryColor: '#0f766e',
      secondaryColor: '#445566',
    });
  });
});
