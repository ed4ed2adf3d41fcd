import '../../components/data-table/test-setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../components/data-table/test-utils';
import { clearAllCookies } from '../../lib/auth/cookies';
import { getClientDashboard } from './api/get-client-dashboard';
import ClientDashboardPage from './client-dashboard-page';

const data = {
  clientsByType: { demo: 4, live: 2, both: 1 },
  clientsByStatus: { active: 6, inactive: 1 },
  demoMedia: { total: 12, active: 10, inactive: 2 },
  campaignMedia: { total: 5, active: 5, inactive: 0 },
  manageActions: {
    total: 9,
    active: 8,
    inactive: 1,
    byType: { 'open-url': 3, 'deep-link': 1, 'show-media': 2, call: 1, email: 1, sms: 1 },
  },
  bulkUploads: { pending: 0, processing: 1, completed: 3, failed: 1, 'partially-failed': 2 },
};
const ok = (figures: typeof data = data) => new Response(JSON.stringify({ data: figures }), { status: 200 });
/** The screen, its API answering these figures. */
const showFigures = (figures: typeof data = data) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => ok(figures)),
  );
  renderWithRouter(<ClientDashboardPage />);
};
const fail = () => new Response('{"success":false,"message":"down","code":"UNAVAILABLE"}', { status: 503 });
const REJECTION = 'Failed to fetch demo dashboard data';

beforeEach(() => {
  clearAllCookies();
  document.cookie = `userDetails=${encodeURIComponent(JSON.stringify({ accessToken: 't', user: { id: 1, email: 'a@b.co' } }))}; path=/`;
});
afterEach(() => vi.unstubAllGlobals());

describe('client dashboard', () => {
  it("shows the spec's rejection text on failure, and recovers with 'Try Again'", async () => {
    const fetch = vi.fn(async () => fail());
    vi.stubGlobal('fetch', fetch);
    renderWithRouter(<ClientDashboardPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(REJECTION);
    fetch.mockImplementation(async () => ok());
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.queryByText(REJECTION)).toBeNull());
    // The stat cards, not the charts' hidden tables (whose headers also say 'Clients').
    const statCard = (label: string) => screen.getAllByRole('listitem').find((li) => within(li).queryByText(label, { exact: true }));
    expect(statCard('Clients')).toHaveTextContent('7');
    expect(statCard('Demo media')).toHaveTextContent('12');
  });

  it('an answer of the wrong shape is a rejection too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"data":{"clientsByType":"many"}}', { status: 200 })),
    );
    await expect(getClientDashboard()).rejects.toThrow(REJECTION);
  });

  it('a cancelled request is re-raised as it is, never as the rejection text (spec s.8)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const controller = new AbortController();
    const pending = getClientDashboard({ signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect((error as DOMException).name).toBe('AbortError');
    expect((error as DOMException).message).not.toBe(REJECTION);
  });

  it('leaving the screen aborts the request', async () => {
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        signal = init?.signal ?? undefined;
        return new Promise<Response>(() => {});
      }),
    );
    const view = renderWithRouter(<ClientDashboardPage />);
    await waitFor(() => expect(signal).toBeDefined());
    expect(signal?.aborted).toBe(false);
    view.unmount();
    await waitFor(() => expect(signal?.aborted).toBe(true));
  });

  it('each chart has its figures as a table captioned with its title', async () => {
    showFigures();
    const table = await screen.findByRole('table', { name: 'Bulk upload outcomes' });
    expect(within(table).getByRole('row', { name: 'Partially failed 2' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Clients by type' })).getByRole('row', { name: 'Demo and live 1' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Manage actions by type' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Clients by status' })).toBeInTheDocument();
  });

  it('no clients: the donut says so instead of drawing a blank ring, and its table still lists the zeros', async () => {
    const none = { ...data, clientsByType: { demo: 0, live: 0, both: 0 }, clientsByStatus: { active: 0, inactive: 0 } };
    showFigures(none);
    const chart = await screen.findByRole('region', { name: 'Clients by type' });
    expect(within(chart).getByText('No clients yet.')).toBeInTheDocument();
    expect(within(chart).getByText('0 clients in all.')).toBeInTheDocument();
    expect(within(chart).getByRole('row', { name: 'Demo 0' })).toBeInTheDocument();
    // The bar charts keep their axes: zero bars are a reading, not an absence.
    expect(within(screen.getByRole('region', { name: 'Manage actions by type' })).queryByText('No clients yet.')).toBeNull();
  });

  it('a large count reads the same in its card, its chart caption and its table (1,009, never 1009)', async () => {
    const big = {
      ...data,
      manageActions: { ...data.manageActions, total: 1009, active: 1008, byType: { ...data.manageActions.byType, 'open-url': 1003 } },
    };
    showFigures(big);
    const chart = await screen.findByRole('region', { name: 'Manage actions by type' });
    expect(within(chart).getByText('1,009 actions, 1,008 active.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Manage actions by type' })).getByRole('row', { name: 'Open URL 1,003' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('1,009').length).toBeGreaterThan(0); // the stat card
    expect(screen.queryByText(/\b1009\b/)).toBeNull();
  });
});
