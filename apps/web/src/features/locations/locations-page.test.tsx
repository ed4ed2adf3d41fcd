import '../../components/data-table/test-setup';
import { PERMISSION_KEYS } from '@console/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../components/data-table/test-utils';
import { AlertRoot } from '../../components/ui/alert-dialog';
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
    // Named from its row: not read on its own.
    const calls = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    expect(calls.filter((u) => /\/locations\/\d+$/.test(u))).toEqual([]);
  });

  it('names a location off the page shown (a shared link, a search that leaves it out) by reading it', async () => {
    granted.add(PERMISSION_KEYS.locations.view).add(PERMISSION_KEYS.toneSequences.view);
    const other = { ...location, id: 9, name: 'Harbour Pier' };
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        fetched.push(String(url));
        if (String(url).includes('/tone-sequences')) return listOf([]);
        if (/\/locations\/9$/.test(String(url))) return new Response(JSON.stringify({ data: other }), { status: 200 });
        return listOf([location]);
      }),
    );
    renderWithRouter(<LocationsPage />, { route: '/tone-dashboard/locations?location=9' });
    expect(await screen.findByRole('heading', { name: 'Tone sequences of Harbour Pier' })).toBeInTheDocument();
    expect(fetched.filter((u) => /\/locations\/\d+$/.test(u))).toHaveLength(1);
  });

  it("a row's Tone sequences brings the panel into view and focuses its heading; opening the page with ?location= does not", async () => {
    granted.add(PERMISSION_KEYS.locations.view);
    granted.add(PERMISSION_KEYS.toneSequences.view);
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const { unmount } = renderWithRouter(<LocationsPage />, { route: '/tone-dashboard/locations?location=7' });
    const heading = await screen.findByRole('heading', { name: 'Tone sequences of Central Station' });
    expect(heading).not.toHaveFocus();
    expect(scrolled).not.toHaveBeenCalled();
    unmount();

    renderWithRouter(<LocationsPage />, { route: '/tone-dashboard/locations' });
    const button = await screen.findByRole('button', { name: 'Tone sequences Central Station' });
    expect(button).not.toHaveAttribute('aria-current');
    await userEvent.click(button);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Tone sequences of Central Station' })).toHaveFocus());
    // The row whose sequences are shown says so.
    expect(screen.getByRole('button', { name: 'Tone sequences Central Station' })).toHaveAttribute('aria-current', 'true');
    expect(scrolled).toHaveBeenCalledTimes(1);
    // Asked again for the location already shown (the user scrolled back up): shown again.
    await userEvent.click(button);
    await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(2));
    scrolled.mockRestore();
  });

  describe('a delete refused because the location is in use (409)', () => {
    const refusal =
      'This location still has 2 tone sequences and 135 user requests. User requests are kept as history and cannot be deleted: deactivate the location instead.';
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    const api = vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url);
      if (path.startsWith('/api/locations/delete/7')) return json({ success: false, code: 'CONFLICT', message: refusal }, 409);
      if (path.startsWith('/api/locations/update/7'))
        return json({ success: true, message: 'Location updated successfully', data: location });
      return init?.method && init.method !== 'GET' ? json({}, 404) : listOf(path.includes('/tone-sequences') ? [] : [location]);
    });
    const refuseDelete = async () => {
      vi.stubGlobal('fetch', api);
      renderWithRouter(
        <>
          <LocationsPage />
          <AlertRoot />
        </>,
        { route: '/tone-dashboard/locations' },
      );
      await userEvent.click(await screen.findByRole('button', { name: 'Delete Central Station' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));
      return screen.findByRole('dialog', { name: 'The location was not deleted' });
    };
    const updates = () => api.mock.calls.filter(([url]) => String(url).startsWith('/api/locations/update/'));
    afterEach(() => api.mockClear());

    it('offers Deactivate instead; it sets the status inactive through the update route and closes the dialog', async () => {
      for (const key of [PERMISSION_KEYS.locations.view, PERMISSION_KEYS.locations.delete, PERMISSION_KEYS.locations.update])
        granted.add(key);
      const refused = await refuseDelete();
      expect(within(refused).getByText(refusal)).toBeInTheDocument();
      await userEvent.click(within(refused).getByRole('button', { name: 'Deactivate instead' }));
      await waitFor(() => expect(updates()).toHaveLength(1));
      const [url, init] = updates()[0] ?? [];
      expect(url).toBe('/api/locations/update/7');
      expect(init?.method).toBe('PATCH');
      // Every field as it was (an update sets them all), only the status changed.
      expect(JSON.parse(String(init?.body))).toEqual({
        name: 'Central Station',
        address: null,
        city: 'Brussels',
        country: 'BE',
        latitude: 50.8456,
        longitude: 4.3571,
        clientId: null,
        status: 'inactive',
      });
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'The location was not deleted' })).toBeNull());
    });

    it('without the update key explains the refusal only, and closing it changes nothing', async () => {
      for (const key of [PERMISSION_KEYS.locations.view, PERMISSION_KEYS.locations.delete]) granted.add(key);
      const refused = await refuseDelete();
      expect(within(refused).getByText(refusal)).toBeInTheDocument();
      expect(within(refused).queryByRole('button', { name: 'Deactivate instead' })).toBeNull();
      await userEvent.click(within(refused).getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'The location was not deleted' })).toBeNull());
      expect(updates()).toHaveLength(0);
    });
  });
});
