import '../../components/data-table/test-setup';
import { PERMISSION_KEYS } from '@console/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../components/data-table/test-utils';
import { clearAllCookies } from '../../lib/auth/cookies';
import { countNew } from './components/recents-section';
import ToneHomePage from './tone-home-page';

const granted = new Set<string>();
vi.mock('../../lib/permissions', () => ({
  useCan: (key: string | readonly string[]) => (typeof key === 'string' ? [key] : key).some((k) => granted.has(k)),
}));

const home = { locations: 3, toneSequences: 7, userRequests: 42, devices: 5, requestsToday: 4 };
const analytics = {
  requestsPerDay: [
    { date: '2026-11-22', count: 38 },
    { date: '2026-11-23', count: 4 },
  ],
  byPlatform: [
    { platform: 'android', count: 30 },
    { platform: 'ios', count: 12 },
  ],
  byLocation: [
    { id: 1, name: 'Central Station', count: 40 },
    { id: 2, name: 'Harbour', count: 2 },
  ],
};
const request = (id: number, deviceCode: string) => ({
  id,
  eventId: `00000000-0000-4000-8000-00000000000${id}`,
  deviceCode,
  location: { id: 1, name: 'Central Station' },
  toneSequence: { id: 9, name: 'Welcome chime', code: 'WELCOME-1' },
  platform: 'ios',
  deviceModel: 'iPhone 15',
  osVersion: '18.1',
  appVersion: '2.4.0',
  requestedAt: '2026-11-23T10:00:00.000Z',
  receivedAt: '2026-11-23T10:00:01.000Z',
});
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function answers(recents: unknown[]) {
  return async (url: string) => {
    const path = String(url);
    if (path.startsWith('/api/home/analytics')) return json({ data: analytics });
    if (path.startsWith('/api/home/recents')) return json({ data: recents });
    if (path.startsWith('/api/home')) return json({ data: home });
    return json({ success: false, message: 'unexpected' }, 404);
  };
}

beforeEach(() => {
  clearAllCookies();
  document.cookie = `userDetails=${encodeURIComponent(JSON.stringify({ accessToken: 't', user: { id: 1, email: 'a@b.co' } }))}; path=/`;
});
afterEach(() => {
  granted.clear();
  vi.unstubAllGlobals();
});

describe('tones home', () => {
  it("says 'Failed to fetch tone dashboard data' when a call fails, and recovers with 'Try Again'", async () => {
    const fetch = vi.fn(async (_url: string) => json({ success: false, message: 'down' }, 503));
    vi.stubGlobal('fetch', fetch);
    renderWithRouter(<ToneHomePage />, { route: '/tone-dashboard/home' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch tone dashboard data');
    expect(alert).not.toHaveTextContent('down');

    fetch.mockImplementation(answers([request(1, 'DEV-A')]));
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByText('Requests today').closest('li')).toHaveTextContent('4');
  });

  it('a reply of the wrong shape is the same rejection', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ data: { unexpected: true } })),
    );
    renderWithRouter(<ToneHomePage />);
    expect(await screen.findByText('Failed to fetch tone dashboard data')).toBeInTheDocument();
  });

  it('shows recent device codes as plain text to a role without the device-details key', async () => {
    vi.stubGlobal('fetch', vi.fn(answers([request(2, 'DEV-B')])));
    renderWithRouter(<ToneHomePage />);
    expect(await screen.findByText('DEV-B')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'DEV-B' })).toBeNull();
  });

  it('shows the totals, each chart as a captioned table, and recents that link to device details', async () => {
    granted.add(PERMISSION_KEYS.userRequests.devices);
    const fetch = vi.fn(answers([request(2, 'DEV-B'), request(1, 'DEV-A')]));
    vi.stubGlobal('fetch', fetch);
    renderWithRouter(<ToneHomePage />);
    expect(await screen.findByRole('link', { name: 'DEV-B' })).toHaveAttribute(
      'href',
      '/tone-dashboard/user-request/device-details?deviceCode=DEV-B',
    );
    expect(screen.getByText('User requests').closest('li')).toHaveTextContent('42');
    const perDay = await screen.findByRole('table', { name: 'Requests per day' });
    expect(within(perDay).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('42 requests in the last 2 days; busiest day Nov 22 with 38.')).toBeInTheDocument();
    const platforms = screen.getByRole('table', { name: 'Requests by platform' });
    expect(within(platforms).getByText('Android')).toBeInTheDocument();
    expect(screen.getByText('42 requests; Android leads with 71%.')).toBeInTheDocument();
    const locations = screen.getByRole('table', { name: 'Requests by location' });
    expect(within(locations).getAllByRole('row')[1]).toHaveTextContent('Central Station40');
    expect(screen.getByRole('list', { name: 'Recent requests' }).querySelectorAll('li')).toHaveLength(2);
    // Recents ask for a bounded list.
    expect(fetch.mock.calls.some(([url]) => String(url) === '/api/home/recents?limit=10')).toBe(true);
  });

  it('counts the requests that are new since the last refresh', () => {
    expect(countNew(null, [{ id: 1 }])).toBe(0);
    expect(countNew(new Set([1, 2]), [{ id: 3 }, { id: 1 }, { id: 2 }])).toBe(1);
  });
});
