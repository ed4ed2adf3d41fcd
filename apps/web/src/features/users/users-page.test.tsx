import '../../components/data-table/test-setup';
import { PERMISSION_KEYS } from '@console/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentSearch, renderWithRouter } from '../../components/data-table/test-utils';
import { clearAllCookies } from '../../lib/auth/cookies';
import UsersPage from './users-page';

const granted = new Set<string>();
vi.mock('../../lib/permissions', () => ({
  useCan: (key: string | readonly string[]) => (typeof key === 'string' ? [key] : key).some((k) => granted.has(k)),
}));
// The dialogs answer at once: every delete is confirmed; what the page reports is recorded.
const alerts = vi.hoisted(() => [] as { title?: string; text?: string }[]);
vi.mock('../../components/ui/alert-dialog', () => ({
  confirmDelete: async () => true,
  showAlert: async (options: { title?: string; text?: string }) => {
    alerts.push(options);
    return { isConfirmed: true, isDenied: false, isDismissed: false };
  },
}));

const K = PERMISSION_KEYS.users;
const base = {
  roleName: 'Content Manager',
  companyId: null,
  companyName: null,
  phone: null,
  profile: null,
  primaryColor: '#143f6f',
  secondaryColor: '#0d97fd',
  status: 'active',
  twoFactorEnabled: false,
  hasApiKey: false,
  lastLoginAt: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  manageable: true,
};
const me = { ...base, id: 1, roleId: 1, roleName: 'Super Admin', firstname: 'Ada', lastname: 'Admin', email: 'ada@example.com' };
const other = { ...base, id: 2, roleId: 2, firstname: 'Bo', lastname: 'Berg', email: 'bo@example.com' };
const peer = { ...base, id: 3, roleId: 2, firstname: 'Cy', lastname: 'Chen', email: 'cy@example.com' };
/** A user whose role is stronger than the signed-in user's: the API marks the row not manageable. */
const boss = {
  ...base,
  id: 4,
  roleId: 1,
  roleName: 'Super Admin',
  firstname: 'Di',
  lastname: 'Boss',
  email: 'di@example.com',
  manageable: false,
};
const REFUSED = 'You can only manage users and roles whose permissions your own role also holds';

let requests: string[] = [];
// Ids whose DELETE the API refuses (Cy's role became stronger since the list was read).
let refused = new Set(['3']);
function routeFetch(url: string) {
  const path = new URL(url, 'http://x').pathname;
  if (path === '/api/roles') return { data: [{ id: 2, name: 'Content Manager', manageable: true }], total: 1, totalPages: 1 };
  if (path === '/api/companies') return { data: [{ id: 4, name: 'Acme', status: 'active' }], total: 1, totalPages: 1 };
  return { data: [me, other, peer, boss], total: 4, totalPages: 1 };
}

beforeEach(() => {
  clearAllCookies();
  requests = [];
  refused = new Set(['3']);
  document.cookie = `userDetails=${encodeURIComponent(JSON.stringify({ accessToken: 't', user: { id: 1, roleId: 1, email: 'ada@example.com' } }))}; path=/`;
  alerts.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push(url);
      if (init?.method === 'DELETE') {
        if (refused.has(url.split('/').pop() ?? ''))
          return new Response(JSON.stringify({ success: false, code: 'FORBIDDEN', message: REFUSED }), { status: 403 });
        return new Response(JSON.stringify({ success: true, message: 'User deleted successfully' }), { status: 200 });
      }
      return new Response(JSON.stringify(routeFetch(url)), { status: 200 });
    }),
  );
});
afterEach(() => {
  granted.clear();
  vi.unstubAllGlobals();
});

describe('users page: buttons follow the permission keys', () => {
  it('view only: no add, row actions, bulk delete or exports', async () => {
    granted.add(K.view);
    renderWithRouter(<UsersPage />, { route: '/platform/users' });
    expect(await screen.findByText('Bo Berg')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add user' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Bo Berg' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Regenerate API key for Bo Berg' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Bo Berg' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export Excel' })).toBeNull();
  });

  it('every key: all actions, but nobody deletes or selects their own account', async () => {
    for (const key of Object.values(K)) granted.add(key);
    renderWithRouter(<UsersPage />, { route: '/platform/users' });
    expect(await screen.findByRole('button', { name: 'Delete Bo Berg' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add user' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Regenerate API key for Bo Berg' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export PDF' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Ada Admin' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Ada Admin' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select Ada Admin' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Select Bo Berg' })).toBeEnabled();
  });

  it('a user stronger than the signed-in one: no row actions, a lock that says why, not selectable', async () => {
    for (const key of Object.values(K)) granted.add(key);
    renderWithRouter(<UsersPage />, { route: '/platform/users' });
    expect(await screen.findByRole('button', { name: 'Edit Bo Berg' })).toBeInTheDocument();
    for (const action of ['Edit', 'Delete', 'Regenerate API key for'])
      expect(screen.queryByRole('button', { name: `${action} Di Boss` })).toBeNull();
    expect(screen.getByRole('img', { name: /Your role cannot manage this user.*\(Di Boss\)/ })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Di Boss' })).toBeDisabled();
  });

  it('bulk delete reports each refused user by name with the reason, and keeps it selected', async () => {
    granted.add(K.view).add(K.delete);
    const user = userEvent.setup();
    renderWithRouter(<UsersPage />, { route: '/platform/users' });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Bo Berg' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Cy Chen' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    await waitFor(() => expect(alerts).toHaveLength(1));
    expect(alerts[0]).toMatchObject({ title: 'The user was not deleted', text: `Cy Chen: ${REFUSED}` });
    const deletes = requests.filter((u) => u.includes('/api/users/delete/'));
    expect(deletes.map((u) => u.split('/').pop()).sort()).toEqual(['2', '3']);
    expect(screen.getByRole('checkbox', { name: 'Select Cy Chen' })).toBeChecked();
  });

  it('two refused in a bulk delete: the title counts them in the plural, one line per user', async () => {
    granted.add(K.view).add(K.delete);
    refused.add('2');
    const user = userEvent.setup();
    renderWithRouter(<UsersPage />, { route: '/platform/users' });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Bo Berg' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Cy Chen' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    await waitFor(() => expect(alerts).toHaveLength(1));
    expect(alerts[0]).toMatchObject({ title: '2 users were not deleted', text: `Bo Berg: ${REFUSED}\nCy Chen: ${REFUSED}` });
  });

  it('regenerate key without update: the key button alone', async () => {
    granted.add(K.view).add(K.regenerateKey);
    renderWithRouter(<UsersPage />, { route: '/platform/users' });
    expect(await screen.findByRole('button', { name: 'Regenerate API key for Bo Berg' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Bo Berg' })).toBeNull();
  });
});

describe('users page: filters', () => {
  it('reads the filters from the URL and sends them with the list query', async () => {
    granted.add(K.view);
    renderWithRouter(<UsersPage />, { route: '/platform/users?roleId=2&status=inactive&search=bo' });
    await screen.findByText('Bo Berg');
    const list = requests.map((u) => new URL(u, 'http://x')).find((u) => u.pathname === '/api/users');
    expect(list?.searchParams.get('roleId')).toBe('2');
    expect(list?.searchParams.get('status')).toBe('inactive');
    expect(list?.searchParams.get('search')).toBe('bo');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('Content Manager'));
  });

  it('a filter change goes to the URL, back to page 1, and a new request', async () => {
    granted.add(K.view);
    const user = userEvent.setup();
    const { getByTestId } = renderWithRouter(<UsersPage />, { route: '/platform/users?page=2&limit=25' });
    await screen.findByText('Bo Berg');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() => expect(currentSearch(getByTestId).get('status')).toBe('inactive'));
    expect(currentSearch(getByTestId).get('page')).toBeNull();
    expect(currentSearch(getByTestId).get('limit')).toBe('25');
    await waitFor(() =>
      expect(requests.some((u) => u.includes('/api/users?') && u.includes('status=inactive') && u.includes('page=1'))).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(currentSearch(getByTestId).get('status')).toBeNull());
    expect(within(screen.getByRole('group', { name: 'Filters' })).queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });
});
