import '../../components/data-table/test-setup';
import { type ChangeHistoryEntry, COOKIE_NAMES, PERMISSION_KEYS } from '@console/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentSearch, renderWithRouter } from '../../components/data-table/test-utils';
import { clearAllCookies } from '../../lib/auth/cookies';
import ChangeHistoryPage from './change-history-page';
import { historyResourceOf } from './components/entry-details-drawer';
import { resourceLabel, rowNameOf } from './components/history-columns';
import { HISTORY_FILTERS, orderRange } from './components/history-filters';

const granted = new Set<string>();
vi.mock('../../lib/permissions', () => ({
  useCan: (key: string | readonly string[]) => (typeof key === 'string' ? [key] : key).some((k) => granted.has(k)),
}));

const entry = (over: Partial<ChangeHistoryEntry>): ChangeHistoryEntry => ({
  id: 1,
  action: 'update',
  entity: 'client',
  resource: 'clients',
  entityId: '7',
  actorId: 1,
  actorName: 'Ada Admin (ada@example.com)',
  createdAt: '2026-05-01T10:00:00.000Z',
  changes: [],
  revertOf: null,
  ...over,
});
const ROWS = [
  entry({ id: 12, changes: [{ field: 'name', before: 'Nova B', after: 'Nova C' }] }),
  entry({ id: 9, action: 'update', entity: 'profile', resource: null, entityId: '3', actorId: null, actorName: null }),
];

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
let lists: URL[] = [];

beforeEach(() => {
  clearAllCookies();
  document.cookie = `${COOKIE_NAMES.userDetails}=${encodeURIComponent(JSON.stringify({ accessToken: 't', user: { id: 1, roleId: 2, email: 'ada@example.com' } }))}; path=/`;
  granted.add(PERMISSION_KEYS.changeHistory.view);
  lists = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = new URL(url, 'http://x');
      if (u.pathname === '/api/change-history') lists.push(u);
      return json({ data: ROWS, total: ROWS.length, totalPages: 1 });
    }),
  );
});
afterEach(() => {
  granted.clear();
  vi.unstubAllGlobals();
});

describe('change history screen', () => {
  it('shows time, who, what, resource, row and a summary of each change, newest first', async () => {
    renderWithRouter(<ChangeHistoryPage />, { route: '/platform/change-history' });
    const table = await screen.findByRole('table', { name: 'Change history' });
    await within(table).findByText('Name: Nova B → Nova C');
    const rows = within(table).getAllByRole('row');
    const first = rows.find((r) => r.textContent?.includes('Nova C'));
    expect(first).toHaveTextContent('Ada Admin (ada@example.com)');
    expect(first).toHaveTextContent('Edited');
    expect(first).toHaveTextContent('Client');
    expect(first).toHaveTextContent('#7');
    expect(first).toHaveTextContent('Name: Nova B → Nova C');
    expect(within(table).getByText('Unknown user')).toBeInTheDocument();
    expect(lists[0].searchParams.get('sortField')).toBe('createdAt');
    expect(lists[0].searchParams.get('sortOrder')).toBe('desc');
  });

  it('sends the URL filters with the list, and a new resource goes to the URL and page 1', async () => {
    const { getByTestId } = renderWithRouter(<ChangeHistoryPage />, {
      route: '/platform/change-history?resource=clients&entityId=7&from=2026-05-02&to=2026-05-01&actorId=4&page=2',
    });
    await waitFor(() => expect(lists.length).toBeGreaterThan(0));
    const sent = lists[0].searchParams;
    // A range given backwards is read the way it was meant.
    expect(Object.fromEntries(['resource', 'entityId', 'from', 'to', 'actorId'].map((k) => [k, sent.get(k)]))).toEqual({
      resource: 'clients',
      entityId: '7',
      from: '2026-05-01',
      to: '2026-05-02',
      actorId: '4',
    });
    expect(screen.getByRole('textbox', { name: 'Row ID' })).toHaveValue('7');
    await userEvent.click(screen.getByRole('combobox', { name: 'Resource' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Companies' }));
    await waitFor(() => expect(currentSearch(getByTestId).get('resource')).toBe('companies'));
    expect(currentSearch(getByTestId).get('page')).toBeNull();
  });

  it("Details opens the whole change, with Revert for holders of its resource's revert key", async () => {
    granted.add(PERMISSION_KEYS.clients.revert);
    renderWithRouter(<ChangeHistoryPage />, { route: '/platform/change-history' });
    await userEvent.click(await screen.findByRole('button', { name: 'Details of change #12' }));
    const drawer = await screen.findByRole('dialog', { name: 'Change #12' });
    expect(within(drawer).getByText('Client #7 (Nova C)')).toBeInTheDocument();
    expect(within(drawer).getByRole('list', { name: 'Changed fields' })).toHaveTextContent('NameNova B → Nova C');
    expect(within(drawer).getByRole('button', { name: 'Revert change #12' })).toBeInTheDocument();
  });

  it('offers no revert for a change outside the list screens', async () => {
    granted.add(PERMISSION_KEYS.clients.revert);
    renderWithRouter(<ChangeHistoryPage />, { route: '/platform/change-history' });
    await userEvent.click(await screen.findByRole('button', { name: 'Details of change #9' }));
    const drawer = await screen.findByRole('dialog', { name: 'Change #9' });
    expect(within(drawer).getByText('Profile #3')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /^Revert/ })).toBeNull();
  });
});

describe('change history helpers', () => {
  it('the resource filter offers the CRUD resources only', () => {
    expect(HISTORY_FILTERS.resource).toContain('clients');
    expect(HISTORY_FILTERS.resource).toContain('tone-sequences');
    expect(HISTORY_FILTERS.resource).not.toContain('user-requests');
    expect(HISTORY_FILTERS.resource).not.toContain('change-history');
    expect(HISTORY_FILTERS).toMatchObject({ actorId: 'id', entityId: 'id', from: 'day', to: 'day' });
    expect(orderRange({ from: '2026-02-01', to: '2026-01-01' })).toEqual({ from: '2026-01-01', to: '2026-02-01' });
  });

  it('names the resource and the row of a change where it can', () => {
    expect(resourceLabel({ resource: 'clients', entity: 'client' })).toBe('Client');
    expect(resourceLabel({ resource: null, entity: 'bulk-upload' })).toBe('Bulk upload');
    expect(rowNameOf({ changes: [{ field: 'name', before: 'Old', after: 'New' }] })).toBe('New');
    expect(rowNameOf({ changes: [{ field: 'title', before: 'Gone', after: null }] })).toBe('Gone');
    expect(rowNameOf({ changes: [{ field: 'phone', before: '1', after: '2' }] })).toBeUndefined();
    const person = [
      { field: 'email', before: null, after: 'ada@example.com' },
      { field: 'lastname', before: null, after: 'Lovelace' },
      { field: 'firstname', before: null, after: 'Ada' },
    ];
    expect(rowNameOf({ changes: person })).toBe('Ada Lovelace');
    expect(rowNameOf({ changes: person.slice(0, 1) })).toBe('ada@example.com');
  });

  it('reverts only through a CRUD resource', () => {
    expect(historyResourceOf({ resource: 'clients' })?.name).toBe('clients');
    expect(historyResourceOf({ resource: 'user-requests' })).toBeUndefined();
    expect(historyResourceOf({ resource: 'nope' })).toBeUndefined();
    expect(historyResourceOf({ resource: null })).toBeUndefined();
  });
});
