import '../../components/data-table/test-setup';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../components/data-table/test-utils';
import { clearAllCookies } from '../../lib/auth/cookies';
import { getProductDashboard } from './api/get-product-dashboard';
import { actionLabel, entityLabel } from './components/recent-changes';
import { dayLabel, perDaySummary } from '../../components/charts';
import ProductDashboardPage from './product-dashboard-page';

const data = {
  companies: 3,
  users: 12,
  activeUsers: 9,
  roles: 4,
  activeSessions: 2,
  signInsPerDay: [
    { date: '2026-11-20', count: 2 },
    { date: '2026-11-21', count: 5 },
  ],
  recentChanges: [
    {
      id: 1,
      action: 'regenerate-api-key',
      entity: 'user',
      entityId: '7',
      targetName: 'Nina Named',
      actorName: 'Ada Admin',
      createdAt: '2026-11-21T09:00:00.000Z',
    },
  ],
};
const ok = () => new Response(JSON.stringify({ data }), { status: 200 });
const fail = () => new Response('{"success":false,"message":"down"}', { status: 503 });

beforeEach(() => {
  clearAllCookies();
  document.cookie = `userDetails=${encodeURIComponent(JSON.stringify({ accessToken: 't', user: { id: 1, email: 'a@b.co' } }))}; path=/`;
});
afterEach(() => vi.unstubAllGlobals());

describe('product dashboard', () => {
  it('asks for the browser time zone', async () => {
    const fetch = vi.fn(async () => ok());
    vi.stubGlobal('fetch', fetch);
    await getProductDashboard({ timeZone: 'Europe/Amsterdam' });
    expect((fetch.mock.calls[0] as unknown[])[0]).toBe('/api/product-dashboard?timeZone=Europe%2FAmsterdam');
  });

  it("shows the stored rejection message on failure, and recovers with 'Try Again'", async () => {
    const fetch = vi.fn(async () => fail());
    vi.stubGlobal('fetch', fetch);
    renderWithRouter(<ProductDashboardPage />);
    // retry: 1 in the query options; the test client turns retries off, so the failure shows at once.
    expect(await screen.findByText('Failed to fetch tone dashboard data')).toBeInTheDocument();
    fetch.mockImplementation(async () => ok());
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.queryByText('Failed to fetch tone dashboard data')).toBeNull());
    expect(screen.getByText('Active sessions').closest('li')).toHaveTextContent('2');
    expect(screen.getByRole('heading', { level: 2, name: 'Sign-ins per day' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Recent changes' })).toBeInTheDocument();
    // The changed user by name, not by id.
    expect(screen.getByText('User: Nina Named')).toBeInTheDocument();
    expect(screen.queryByText('User #7')).toBeNull();
    expect(screen.getByText('by Ada Admin')).toBeInTheDocument();
  });

  it('labels chart days, actions and entities for people', () => {
    expect(dayLabel('2026-11-08')).toBe('Nov 8');
    expect(perDaySummary(data.signInsPerDay, 'sign-in')).toBe('7 sign-ins in the last 2 days; busiest day Nov 21 with 5.');
    expect(perDaySummary([{ date: '2026-11-21', count: 0 }], 'sign-in')).toBe('0 sign-ins in the last 1 day.');
    expect(actionLabel('permission-denied')).toBe('Permission denied');
    expect(entityLabel({ entity: 'module-permission', entityId: null })).toBe('Module permission');
    expect(entityLabel({ entity: 'company', entityId: '12', targetName: 'Acme Media' })).toBe('Company: Acme Media');
    expect(entityLabel({ entity: 'company', entityId: '12', targetName: null })).toBe('Company #12');
  });
});
