import '../../components/data-table/test-setup';
import { PERMISSION_KEYS } from '@console/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../components/data-table/test-utils';
import { clearAllCookies } from '../../lib/auth/cookies';
import LocationsPage from './locations-page';

const granted = new Set<string>();
vi.mock('../../lib/permissions', () => ({
  useCan: (key: string | readonly string[]) => (typeof key === 'string' ? [key] : key).some((k) => granted.has(k)),
}));

const location = {
  id: 7,
  name: 'Central Station',
  address: null,
  city: 'Brussels',
  country: 'BE',
  latitude: 50.8456,
  longitude: 4.3571,
  clientId: null,
  clientName: null,
  status: 'active',
  toneSequences: 2,
  userRequests: 0,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
};
const listOf = (data: unknown[]) => new Response(JSON.stringify({ data, total: data.length, totalPages: 1 }), { status: 200 });

beforeEach(() => {
  clearAllCookies();
  document.cookie = `userDetails=${encodeURIComponent(JSON.stringify({ accessToken: 't', user: { id: 1, roleId: 2, email: 'me@example.com' } }))}; path=/`;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (String(url).includes('/tone-sequences') ? listOf([]) : listOf([location]))),
  );
});
afterEach(() => {
  granted.clear();
  vi.unstubAllGlobals();
});

describe('locations page', () => {
  it("says the spec's 'Failed to get location' when the list fails", async () => {
    granted.add(PERMISSION_KEYS.locations.view);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"success":false,"message":"boom"}', { status: 500 })),
    );
    renderWithRouter(<LocationsPage />, { route: '/tone-dashboard/locations' });
    await waitFor(() => expect(screen.getByText('Failed to get location')).toBeInTheDocument());
  });

  it('offers a location its tone sequences only with tone-sequences.view, and shows them for ?location=', async () => {
    granted.add(PERMISSION_KEYS.locations.view);
    const { unmount } = renderWithRouter(<LocationsPage />, { route: '/tone-dashboard/locations?location=7' });
    expect(await screen.findByText('Central Station')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tone sequences Central Station' })).toBeNull();
    expect(screen.queryByText('No tone sequences found')).toBeNull();
    unmount();

    granted.add(PERMISSION_KEYS.toneSequences.view);
    renderWithRouter(<LocationsPage />, { route: '/tone-dashboard/locations?location=7' });
    expect(await screen.findByRole('button', { name: 'Tone sequences Central Station' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Tone sequences of Central Station' })).toBeInTheDocument();
    expect(await screen.findByText('No tone sequences found')).toBeInTheDocument();
  });
});
