import '../../components/data-table/test-setup';
import { PERMISSION_KEYS } from '@console/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../components/data-table/test-utils';
import { clearAllCookies } from '../../lib/auth/cookies';
import CompaniesPage from './companies-page';

// The keys the signed-in user holds in each test (the page reads them through useCan).
const granted = new Set<string>();
vi.mock('../../lib/permissions', () => ({
  useCan: (key: string | readonly string[]) => (typeof key === 'string' ? [key] : key).some((k) => granted.has(k)),
}));

const K = PERMISSION_KEYS.companies;
const company = {
  id: 1,
  name: 'Acme',
  email: 'a@acme.example',
  phone: null,
  website: null,
  address: null,
  logo: null,
  status: 'active',
  userCount: 2,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
};

beforeEach(() => {
  clearAllCookies();
  document.cookie = `userDetails=${encodeURIComponent(JSON.stringify({ accessToken: 't', user: { id: 1, roleId: 2, email: 'me@example.com' } }))}; path=/`;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: [company], total: 1, totalPages: 1 }), { status: 200 })),
  );
});
afterEach(() => {
  granted.clear();
  vi.unstubAllGlobals();
});

describe('companies page: buttons follow the permission keys', () => {
  it('view only: the list without add, edit, delete, bulk delete or exports', async () => {
    granted.add(K.view);
    renderWithRouter(<CompaniesPage />, { route: '/platform/companies' });
    expect(await screen.findByText('Acme')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add company' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Acme' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Acme' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete selected/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select Acme' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it('every key: add, edit, delete, bulk delete and the three exports', async () => {
    for (const key of Object.values(K)) granted.add(key);
    renderWithRouter(<CompaniesPage />, { route: '/platform/companies' });
    expect(await screen.findByRole('button', { name: 'Edit Acme' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add company' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Acme' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Delete selected/ })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Acme' })).toBeInTheDocument();
    for (const format of ['CSV', 'Excel', 'PDF']) expect(screen.getByRole('button', { name: `Export ${format}` })).toBeInTheDocument();
  });

  it('update without delete: edit only', async () => {
    granted.add(K.view).add(K.update);
    renderWithRouter(<CompaniesPage />, { route: '/platform/companies' });
    expect(await screen.findByRole('button', { name: 'Edit Acme' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Acme' })).toBeNull();
  });

  it("shows the spec's list rejection with a retry when the list fails", async () => {
    granted.add(K.view);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"success":false,"message":"boom"}', { status: 500 })),
    );
    renderWithRouter(<CompaniesPage />, { route: '/platform/companies' });
    await waitFor(() => expect(screen.getByText('Failed to load posts')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
