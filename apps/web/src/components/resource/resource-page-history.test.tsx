import '../data-table/test-setup';
import { clientsResource, COOKIE_NAMES, PERMISSION_KEYS, userActivityResource } from '@console/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAllCookies } from '../../lib/auth/cookies';
import { renderWithRouter } from '../data-table/test-utils';
import { createResourceApi } from './resource-api';
import { ResourcePage } from './resource-page';

const granted = new Set<string>();
vi.mock('../../lib/permissions', () => ({
  useCan: (key: string | readonly string[]) => (typeof key === 'string' ? [key] : key).some((k) => granted.has(k)),
}));

type Row = { id: number; name: string };
const clients = createResourceApi<Row>(clientsResource);
const activity = createResourceApi<Row>(userActivityResource);
const columns = [{ accessor: 'name', title: 'Name' }];
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const history = {
  data: [
    {
      id: 5,
      action: 'update',
      entity: 'client',
      resource: 'clients',
      entityId: '7',
      actorId: 1,
      actorName: 'Ada Admin (ada@example.com)',
      createdAt: '2026-05-01T10:00:00.000Z',
      changes: [{ field: 'name', before: 'Nova', after: 'Nova Retail' }],
      revertOf: null,
    },
  ],
  hasMore: true,
};

beforeEach(() => {
  clearAllCookies();
  document.cookie = `${COOKIE_NAMES.userDetails}=${encodeURIComponent(JSON.stringify({ accessToken: 't', user: { id: 1, roleId: 2, email: 'ada@example.com' } }))}; path=/`;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      new URL(url, 'http://x').pathname.endsWith('/history')
        ? json(history)
        : json({ data: [{ id: 7, name: 'Nova' }], total: 1, totalPages: 1 }),
    ),
  );
});
afterEach(() => {
  granted.clear();
  vi.unstubAllGlobals();
});

describe('the History row action', () => {
  it("every viewer of a CRUD list opens a row's history in a drawer, without any write key", async () => {
    granted.add(PERMISSION_KEYS.clients.view);
    renderWithRouter(<ResourcePage<Row> resourceApi={clients} description="Clients" columns={columns} />);
    await userEvent.click(await screen.findByRole('button', { name: 'History of Nova' }));
    const drawer = await screen.findByRole('dialog', { name: 'History of Nova' });
    expect(await within(drawer).findByText('Nova Retail')).toBeInTheDocument();
    expect(within(drawer).getByText('Edited')).toBeInTheDocument();
    // More than the drawer holds: without change-history.view there is no link to the rest.
    expect(within(drawer).getByText(/The latest 50 changes are shown/)).toBeInTheDocument();
    expect(within(drawer).queryByRole('link', { name: /See all of them/ })).toBeNull();
  });

  it('links to the rest on the change-history screen for holders of its key', async () => {
    granted.add(PERMISSION_KEYS.clients.view);
    granted.add(PERMISSION_KEYS.changeHistory.view);
    renderWithRouter(<ResourcePage<Row> resourceApi={clients} description="Clients" columns={columns} />);
    await userEvent.click(await screen.findByRole('button', { name: 'History of Nova' }));
    const link = await screen.findByRole('link', { name: 'See all of them in Change history' });
    expect(link).toHaveAttribute('href', '/platform/change-history?resource=clients&entityId=7');
  });

  it('a read-only list has no history action', async () => {
    renderWithRouter(<ResourcePage<Row> resourceApi={activity} description="Activity" columns={columns} />);
    expect(await screen.findByText('Nova')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'History of Nova' })).toBeNull();
  });
});
