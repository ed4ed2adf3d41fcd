import '../../components/data-table/test-setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../components/data-table/test-utils';
import { clearAllCookies } from '../../lib/auth/cookies';
import ToneHomeDashboardPage from './tone-home-dashboard-page';

const data = {
  locations: 4,
  totalUserRequests: 120,
  totalToneSequences: 9,
  requestsPerDay: [
    { date: '2026-11-22', count: 0 },
    { date: '2026-11-23', count: 12 },
  ],
  topLocations: [
    { id: 1, name: 'Central Station', requests: 100 },
    { id: 2, name: 'Harbour', requests: 20 },
  ],
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  clearAllCookies();
  document.cookie = `userDetails=${encodeURIComponent(JSON.stringify({ accessToken: 't', user: { id: 1, email: 'a@b.co' } }))}; path=/`;
});
afterEach(() => vi.unstubAllGlobals());

describe('tones super admin dashboard', () => {
  it("says 'Failed to fetch super admin dashboard data' on failure, then shows GET /dashboard after 'Try Again'", async () => {
    const fetch = vi.fn(async (_url: string) => json({ success: false, message: 'nope' }, 500));
    vi.stubGlobal('fetch', fetch);
    renderWithRouter(<ToneHomeDashboardPage />, { route: '/tone-home-dashboard' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch super admin dashboard data');
    const urls = fetch.mock.calls.map((c) => String(c[0]));
    expect(urls).toContain('/api/dashboard');
    // The page also opens its live-updates stream (refused here, so it falls back to polling).
    expect(urls).toContain('/api/live/tone-home');

    fetch.mockImplementation(async () => json({ data }));
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByText('User requests').closest('li')).toHaveTextContent('120');
    expect(screen.getByText('Tone sequences').closest('li')).toHaveTextContent('9');
    const top = screen.getByRole('table', { name: 'Top locations' });
    expect(within(top).getAllByRole('row')[1]).toHaveTextContent('Central Station100');
    expect(screen.getByText('The 2 locations with the most requests; Central Station leads with 100.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Requests per day' })).toBeInTheDocument();
  });
});
