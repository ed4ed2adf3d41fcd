import { type Company, companyInputSchema } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { COMPANY_FIELDS, companyFormData, companyToFormValues, websiteLabel } from './companies-page';

const company: Company = {
  id: 7,
  name: 'Acme',
  email: null,
  phone: '+1 555 0100',
  website: 'https://www.acme.example/about',
  address: null,
  logo: 'companies/2026/11/abc.png',
  logoName: 'acme logo.png',
  status: 'inactive',
  userCount: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const entries = (body: FormData) =>
  Object.fromEntries([...body.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${(v as File).name}`]));

describe('company form <-> API', () => {
  it('starts from the record with empty strings for nulls and only the form fields', () => {
    const values = companyToFormValues(company);
    expect(values).toEqual({
      name: 'Acme',
      email: '',
      phone: '+1 555 0100',
      website: 'https://www.acme.example/about',
      address: '',
      status: 'inactive',
      logo: 'companies/2026/11/abc.png',
    });
    expect(Object.keys(values).sort()).toEqual(COMPANY_FIELDS.map((f) => f.name).sort());
  });

  it('starts an add form active, without a logo', () => {
    expect(companyToFormValues(null)).toMatchObject({ name: '', status: 'active', logo: null });
  });

  it('sends the parsed fields, never the record id or counts, and keeps an unchanged logo out of the body', async () => {
    const initial = companyToFormValues(company);
    const parsed = await companyInputSchema.parseAsync(initial);
    const body = companyFormData({ ...initial, ...parsed, id: 7, userCount: 3 }, initial);
    expect(entries(body)).toEqual({
      name: 'Acme',
      email: '',
      phone: '+1 555 0100',
      website: 'https://www.acme.example/about',
      address: '',
      status: 'inactive',
    });
  });

  it('sends removeLogo=true when the logo was removed, and the file part when replaced', () => {
    const initial = companyToFormValues(company);
    expect(entries(companyFormData({ ...initial, logo: null }, initial))).toMatchObject({ removeLogo: 'true' });
    const file = new File(['x'], 'new.png', { type: 'image/png' });
    const replaced = entries(companyFormData({ ...initial, logo: file }, initial));
    expect(replaced.logo).toBe('file:new.png');
    expect(replaced.removeLogo).toBeUndefined();
  });

  it('links each field to its help section', () => {
    expect(COMPANY_FIELDS.find((f) => f.name === 'name')).toMatchObject({ showHelp: true, helpUrl: '/docs/companies#company-name' });
    expect(COMPANY_FIELDS.find((f) => f.name === 'logo')).toMatchObject({ type: 'file', accept: 'image/*' });
  });

  it('shows a website by its host', () => {
    expect(websiteLabel('https://www.acme.example/about')).toBe('acme.example');
    expect(websiteLabel('not a url')).toBe('not a url');
  });
});
