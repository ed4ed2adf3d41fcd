import '../../components/data-table/test-setup';
import { PERMISSION_KEYS } from '@console/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentSearch, renderWithRouter } from '../../components/data-table/test-utils';
import { clearAllCookies } from '../../lib/auth/cookies';
import { resetBrowserTimeZone } from '../../lib/time-zone';
import DeviceDetailsPage from './device-details-page';
import UserRequestsPage from './user-requests-page';

const granted = new Set<string>();
vi.mock('../../lib/permissions', () => ({
  useCan: (key: string | readonly string[]) => (typeof key === 'string' ? [key] : key).some((k) => granted.has(k)),
}));

const row = {
  id: 11,
  eventId: '00000000-0000-4000-8000-000000000011',
  deviceCode: 'DEV 7/Ω',
  location: { id: 3, name: 'Harbour' },
  toneSequence: { id: 9, name: 'Welcome chime', code: 'WELCOME-1' },
  platform: 'android',
  deviceModel: 'Pixel 9',
  osVersion: '15',
  appVersion: '2.4.0',
  requestedAt: '2026-11-23T10:00:00.000Z',
  receivedAt: '2026-11-23T10:00:01.000Z',
};
const device = {
  deviceCode: row.deviceCode,
  firstSeen: '2026-11-01T08:00:00.000Z',
  lastSeen: row.requestedAt,
  requests: 17,
  platform: 'android',
  deviceModel: 'Pixel 9',
  osVersion: '15',
  appVersion: '2.4.0',
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const listOf = (data: unknown[], extra = {}) => json({ data, total: data.length, totalPages: 1, ...extra });

beforeEach(() => {
  clearAllCookies();
  document.cookie = `userDetails=${encodeURIComponent(JSON.stringify({ accessToken: 't', user: { id: 1, roleId: 2, email: 'me@example.com' } }))}; path=/`;
  granted.add(PERMISSION_KEYS.userRequests.view);
});
afterEach(() => {
  granted.clear();
  vi.unstubAllGlobals();
  resetBrowserTimeZone();
});

const requested = (fetch: ReturnType<typeof vi.fn>, path: string) =>
  fetch.mock.calls.map(([url]) => new URL(String(url), 'http://x')).filter((u) => u.pathname === path);

describe('user requests page', () => {
  it("says the spec's 'Failed to load posts' when the list fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ success: false, message: 'boom' }, 500)),
    );
    renderWithRouter(<UserRequestsPage />, { route: '/tone-dashboard/user-request' });
    expect(await screen.findByText('Failed to load posts')).toBeInTheDocument();
  });

  it('shows the device code as plain text, not a link, to a role without the device-details key', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (String(url).startsWith('/api/locations') ? listOf([{ id: 3, name: 'Harbour' }]) : listOf([row]))),
    );
    renderWithRouter(<UserRequestsPage />, { route: '/tone-dashboard/user-request' });
    expect(await screen.findByText(row.deviceCode)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: `Device details of ${row.deviceCode}` })).toBeNull();
    expect(screen.queryAllByRole('link').some((a) => a.getAttribute('href')?.includes('device-details'))).toBe(false);
  });

  it('sends the URL filters with the list, links the device code, and a new filter goes to the URL and page 1', async () => {
    granted.add(PERMISSION_KEYS.userRequests.devices);
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'America/New_York' } });
    resetBrowserTimeZone();
    const fetch = vi.fn(async (url: string) =>
      String(url).startsWith('/api/locations') ? listOf([{ id: 3, name: 'Harbour' }]) : listOf([row]),
    );
    vi.stubGlobal('fetch', fetch);
    const { getByTestId } = renderWithRouter(<UserRequestsPage />, {
      route: '/tone-dashboard/user-request?locationId=3&from=2026-11-01&to=2026-11-23&page=2',
    });
    const link = await screen.findByRole('link', { name: `Device details of ${row.deviceCode}` });
    expect(link).toHaveAttribute('href', `/tone-dashboard/user-request/device-details?deviceCode=DEV+7%2F%CE%A9`);
    const first = requested(fetch, '/api/user-request')[0].searchParams;
    expect(first.get('locationId')).toBe('3');
    expect(first.get('from')).toBe('2026-11-01');
    expect(first.get('to')).toBe('2026-11-23');
    // The days are the browser's, as the rows' times are shown; the inputs say which zone.
    expect(first.get('timeZone')).toBe('America/New_York');
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription('Days in America/New York');
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription('That day included');
    expect(first.get('page')).toBe('2');

    await userEvent.click(screen.getByRole('combobox', { name: 'Platform' }));
    await userEvent.click(await screen.findByRole('option', { name: 'iOS' }));
    await waitFor(() => expect(currentSearch(getByTestId).get('platform')).toBe('ios'));
    expect(currentSearch(getByTestId).get('page')).toBeNull();
    await waitFor(() => expect(requested(fetch, '/api/user-request').some((u) => u.searchParams.get('platform') === 'ios')).toBe(true));
  });
});

describe('device details page', () => {
  it('shows the summary and the requests of ?deviceCode=', async () => {
    const fetch = vi.fn(async () => listOf([row], { device }));
    vi.stubGlobal('fetch', fetch);
    renderWithRouter(<DeviceDetailsPage />, { route: '/tone-dashboard/user-request/device-details?deviceCode=DEV%207%2F%CE%A9' });
    expect(await screen.findByRole('heading', { name: `Device ${row.deviceCode}` })).toBeInTheDocument();
    const summary = await screen.findByRole('region', { name: 'Device summary' });
    expect(summary).toHaveTextContent('Requests17');
    expect(summary).toHaveTextContent('Android');
    expect(await screen.findByRole('table', { name: `Requests of ${row.deviceCode}` })).toHaveTextContent('Welcome chime');
    const calls = requested(fetch, '/api/user-request/device-code');
    expect(calls.every((u) => u.searchParams.get('deviceCode') === row.deviceCode && !u.searchParams.has('sortField'))).toBe(true);
    // The device shown needs no suggestions: the list is not read.
    expect(requested(fetch, '/api/user-request')).toHaveLength(0);
  });

  const other = {
    ...row,
    id: 12,
    eventId: '00000000-0000-4000-8000-000000000012',
    deviceCode: 'DEV-2',
    deviceModel: 'iPhone 15',
    platform: 'ios',
  };
  const older = { ...row, id: 10, requestedAt: '2026-11-22T10:00:00.000Z' };

  it('without a code, lists the devices heard last, once each, as links to their details', async () => {
    granted.add(PERMISSION_KEYS.userRequests.devices);
    const fetch = vi.fn(async () => listOf([row, other, older]));
    vi.stubGlobal('fetch', fetch);
    renderWithRouter(<DeviceDetailsPage />, { route: '/tone-dashboard/user-request/device-details' });
    const recent = await screen.findByRole('region', { name: 'Recently heard devices' });
    await waitFor(() => expect(within(recent).getAllByRole('listitem')).toHaveLength(2));
    expect(within(recent).getByRole('link', { name: row.deviceCode })).toHaveAttribute(
      'href',
      '/tone-dashboard/user-request/device-details?deviceCode=DEV+7%2F%CE%A9',
    );
    expect(within(recent).getAllByRole('listitem')[1]).toHaveTextContent('DEV-2');
    expect(within(recent).getAllByRole('listitem')[1]).toHaveTextContent('iOS');
    const [call] = requested(fetch, '/api/user-request');
    expect(Object.fromEntries(call.searchParams)).toMatchObject({ page: '1', limit: '100', sortField: 'requestedAt', sortOrder: 'desc' });
  });

  it('suggests the devices whose requests match what is typed (a model too), and opens the one chosen', async () => {
    const fetch = vi.fn(async (url: string) =>
      new URL(url, 'http://x').searchParams.get('search') === 'iphone' ? listOf([other]) : listOf([row, other], { device: null }),
    );
    vi.stubGlobal('fetch', fetch);
    const { getByTestId } = renderWithRouter(<DeviceDetailsPage />, { route: '/tone-dashboard/user-request/device-details' });
    const field = screen.getByRole('combobox', { name: 'Device code' });
    expect(screen.getByRole('button', { name: 'Show device' })).toBeDisabled();
    await userEvent.type(field, 'iphone');
    // What the API answered for the whole text, as it is (no second filtering in the browser).
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    const option = screen.getByRole('option', { name: /DEV-2/ });
    expect(option).toHaveTextContent('iOS · iPhone 15');
    await userEvent.click(option);
    await waitFor(() => expect(currentSearch(getByTestId).get('deviceCode')).toBe('DEV-2'));
  });

  it('to a role that may open devices but not list requests: no list call, and Enter opens the code typed', async () => {
    granted.clear();
    granted.add(PERMISSION_KEYS.userRequests.devices);
    const fetch = vi.fn(async () => listOf([], { device: null }));
    vi.stubGlobal('fetch', fetch);
    const { getByTestId } = renderWithRouter(<DeviceDetailsPage />, { route: '/tone-dashboard/user-request/device-details' });
    await userEvent.type(screen.getByRole('combobox', { name: 'Device code' }), ' dev-9 {Enter}');
    await waitFor(() => expect(currentSearch(getByTestId).get('deviceCode')).toBe('dev-9'));
    expect(screen.queryByRole('region', { name: 'Recently heard devices' })).toBeNull();
    expect(requested(fetch, '/api/user-request')).toHaveLength(0);
  });

  it('offers a search of the list when no device has the code exactly (the search ignores case)', async () => {
    granted.add(PERMISSION_KEYS.userRequests.view);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => listOf([], { device: null })),
    );
    renderWithRouter(<DeviceDetailsPage />, { route: '/tone-dashboard/user-request/device-details?deviceCode=dev%207' });
    expect(await screen.findByText('No requests from this device yet')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Search all user requests for “dev 7”' });
    expect(link).toHaveAttribute('href', '/tone-dashboard/user-request?search=dev+7');
  });

  it("says 'Failed to load posts' when the device's requests cannot be read", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ success: false, message: 'boom' }, 500)),
    );
    renderWithRouter(<DeviceDetailsPage />, { route: '/tone-dashboard/user-request/device-details?deviceCode=X1' });
    expect((await screen.findAllByText('Failed to load posts')).length).toBeGreaterThan(0);
  });
});
