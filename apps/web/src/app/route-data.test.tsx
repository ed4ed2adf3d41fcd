import '../components/data-table/test-setup';
import { ACTION_TYPES, BULK_UPLOAD_STATUSES, CLIENT_TYPES, PERMISSION_KEYS as K, STATUSES } from '@console/contract';
import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderWithRouter } from '../components/data-table/test-utils';
import { resourceOptionsQuery } from '../components/resource';
import CompaniesPage from '../features/companies/companies-page';
import ProductDashboardPage from '../features/product-dashboard/product-dashboard-page';
import ToneHomePage from '../features/tone-home/tone-home-page';
import { COMPANY_OPTIONS, ROLE_OPTIONS } from '../features/users/api/users-api';
import { clearAllCookies } from '../lib/auth/cookies';
import { modulesQuery } from '../lib/modules';
import { queryClient } from '../lib/query-client';
import { routeKey } from '../lib/route-keys';
import { loadShellData, prefetchRouteData, ROUTE_QUERIES } from './route-data';
import { buildShellRoutes } from './route-table';

// The app's own query client (its refetchOnMount is what keeps a prefetched answer from being
// asked for again) and the shell routes' handles, as the router gives them to the loader.
const routes = buildShellRoutes('platform');
const handleOf = (path: string) => {
  const route = routes.find((r) => r.path === path);
  if (!route) throw new Error(`no shell route ${path}`);
  return route;
};

const company = {
  id: 1,
  name: 'Acme',
  email: 'a@acme.example',
  phone: null,
  website: null,
  address: null,
  logo: null,
  status: 'active',
  userCount: 2,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
};
const tonesHome = { locations: 3, toneSequences: 7, userRequests: 42, devices: 5, requestsToday: 4 };
const zeroes = (keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, 0]));
const productDashboard = { companies: 3, users: 12, activeUsers: 9, roles: 4, activeSessions: 17, signInsPerDay: [], recentChanges: [] };
const clientDashboard = {
  clientsByType: zeroes(CLIENT_TYPES),
  clientsByStatus: zeroes(STATUSES),
  demoMedia: { total: 0, active: 0, inactive: 0 },
  campaignMedia: { total: 0, active: 0, inactive: 0 },
  manageActions: { total: 0, active: 0, inactive: 0, byType: zeroes(ACTION_TYPES) },
  bulkUploads: zeroes(BULK_UPLOAD_STATUSES),
};
const tonesAnalytics = { requestsPerDay: [{ date: '2026-11-22', count: 38 }], byPlatform: [], byLocation: [] };

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
let grants: { menus: Record<string, { slug: string }[]>; keys: string[] };
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const path = new URL(String(input), 'http://localhost').pathname;
  if (path.startsWith('/api/role-permissions/')) {
    const menuPermissions = Object.fromEntries(
      Object.entries(grants.menus).map(([module, menus]) => [
        module,
        menus.map((m, i) => ({ id: i + 1, name: m.slug, slug: m.slug, logo: '' })),
      ]),
    );
    return json({ data: { roleId: 2, menuPermissions, rolePermissions: grants.keys } });
  }
  if (path === '/api/modules') return json({ data: [] });
  if (path === '/api/roles') return json({ data: [{ id: 2, name: 'Editor', manageable: true }], total: 1, totalPages: 1 });
  if (path === '/api/users') return json({ data: [], total: 0, totalPages: 0 });
  if (path === '/api/companies' || path === '/api/locations' || path === '/api/tone-sequences') {
    return json({ data: path === '/api/companies' ? [company] : [], total: 1, totalPages: 1 });
  }
  if (path === '/api/home/analytics') return json({ data: tonesAnalytics });
  if (path === '/api/home/recents') return json({ data: [] });
  if (path === '/api/home') return json({ data: tonesHome });
  if (path === '/api/product-dashboard') return json({ data: productDashboard });
  if (path === '/api/client-dashboard') return json({ data: clientDashboard });
  return json({ success: false, message: `unexpected ${path}` }, 404);
});

/** The API paths fetched so far (query strings kept), in order. */
const calls = () => fetchMock.mock.calls.map(([input]) => String(input).replace(/^https?:\/\/[^/]+/, ''));
const signInAs = (roleId: number) => {
  document.cookie = `userDetails=${encodeURIComponent(JSON.stringify({ accessToken: 't', user: { id: 7, roleId, email: 'me@example.com' } }))}; path=/`;
};
const url = (path: string) => new URL(path, 'http://localhost');

beforeEach(() => {
  clearAllCookies();
  grants = { menus: {}, keys: [] };
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('a route loader prefetches the screen first queries', () => {
  it('any shell screen: the modules the sidebar shows, asked for once, before the shell renders', async () => {
    signInAs(2);
    grants = { menus: { platform: [{ slug: 'companies' }] }, keys: [K.companies.view] };
    await prefetchRouteData(handleOf('/platform/companies'), url('/platform/companies'), queryClient);
    await prefetchRouteData(handleOf('/platform/users'), url('/platform/users'), queryClient);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(calls().filter((c) => c === '/api/modules')).toHaveLength(1);
    expect(queryClient.getQueryData(modulesQuery().queryKey)).toEqual([]);
    // Stale, but the shell (mounted across navigations) refreshes it itself: the loader leaves it.
    queryClient.setQueryData(modulesQuery().queryKey, [], { updatedAt: 0 });
    await prefetchRouteData(handleOf('/platform/companies'), url('/platform/companies?page=2'), queryClient);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(calls().filter((c) => c === '/api/modules')).toHaveLength(1);
  });

  it('/companies: the table reads the prefetched page; the list is asked for once', async () => {
    signInAs(2);
    grants = { menus: { platform: [{ slug: 'companies' }] }, keys: [K.companies.view] };
    await prefetchRouteData(handleOf('/platform/companies'), url('/platform/companies?limit=25&search=ac'), queryClient);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(calls().filter((c) => c.startsWith('/api/companies'))).toHaveLength(1);

    renderWithRouter(<CompaniesPage />, { route: '/platform/companies?limit=25&search=ac', queryClient });
    expect(await screen.findByText('Acme')).toBeInTheDocument();
    // Give a refetch on mount the time it would need to go out.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls().filter((c) => c.startsWith('/api/companies'))).toEqual(['/api/companies?page=1&limit=25&search=ac']);
  });

  it('the tones home: its three calls are made once, by the loader', async () => {
    signInAs(1); // role 1 passes every check: the loader does not wait for the permissions
    await prefetchRouteData(handleOf('/tone-dashboard/home'), url('/tone-dashboard/home'), queryClient);
    // The answers are in before the screen mounts (its code usually arrives later than they do).
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    renderWithRouter(<ToneHomePage />, { route: '/tone-dashboard/home', queryClient });
    expect(await screen.findByText('42')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const home = calls().filter((c) => c.startsWith('/api/home'));
    expect(home.sort()).toEqual(['/api/home', '/api/home/analytics', '/api/home/recents?limit=10']);
  });

  it('the dashboards: their one call is made by the loader, and the screen reads its answer', async () => {
    signInAs(2);
    grants = {
      menus: { platform: [{ slug: 'dashboard' }], 'demo-admin': [{ slug: 'client-dashboard' }] },
      keys: [K.productDashboard.view, K.clientDashboard.view],
    };
    await prefetchRouteData(handleOf('/platform/dashboard'), url('/platform/dashboard'), queryClient);
    await prefetchRouteData(handleOf('/demo-admin/client-dashboard'), url('/demo-admin/client-dashboard'), queryClient);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(queryClient.getQueryState(['client-dashboard'])?.status).toBe('success');
    renderWithRouter(<ProductDashboardPage />, { route: '/platform/dashboard', queryClient });
    expect((await screen.findByText('Active sessions')).closest('li')).toHaveTextContent('17');
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The live stream is not a read of the figures.
    expect(
      calls()
        .filter((c) => /^\/api\/(product|client)-dashboard/.test(c))
        .map((c) => c.split('?')[0]),
    ).toEqual(['/api/product-dashboard', '/api/client-dashboard']);
  });

  it('/users: the page of the list and the role and company options the filters read, under the keys the screen reads', async () => {
    signInAs(2);
    grants = { menus: { platform: [{ slug: 'users' }] }, keys: [K.users.view] };
    await prefetchRouteData(handleOf('/platform/users'), url('/platform/users?limit=500'), queryClient);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(
      calls()
        .filter((c) => !c.startsWith('/api/role-permissions') && c !== '/api/modules')
        .sort(),
    ).toEqual([
      '/api/companies?page=1&limit=1000&sortField=name&sortOrder=asc',
      '/api/roles?page=1&limit=500&sortField=name&sortOrder=asc',
      '/api/users?page=1&limit=500',
    ]);
    expect(queryClient.getQueryData(resourceOptionsQuery('roles', ROLE_OPTIONS).queryKey)).toEqual([
      { id: 2, name: 'Editor', manageable: true },
    ]);
    expect(queryClient.getQueryData(resourceOptionsQuery('companies', COMPANY_OPTIONS).queryKey)).toEqual([
      { id: 1, name: 'Acme', status: 'active' },
    ]);
  });

  it('asks for a second list only when the user holds its key (tone sequences of the chosen location)', async () => {
    signInAs(2);
    grants = { menus: { 'tone-dashboard': [{ slug: 'locations' }] }, keys: [K.locations.view] };
    await prefetchRouteData(handleOf('/tone-dashboard/locations'), url('/tone-dashboard/locations?location=5'), queryClient);
    await waitFor(() => expect(calls().some((c) => c.startsWith('/api/locations'))).toBe(true));
    expect(calls().some((c) => c.startsWith('/api/tone-sequences'))).toBe(false);

    queryClient.clear();
    grants.keys = [K.locations.view, K.toneSequences.view];
    await prefetchRouteData(handleOf('/tone-dashboard/locations'), url('/tone-dashboard/locations?location=5&ts.page=2'), queryClient);
    await waitFor(() => expect(calls()).toContain('/api/tone-sequences?page=2&limit=10&locationId=5'));
  });
});

describe('a route loader asks for nothing the shell would not show', () => {
  it('without the page key: only what the shell reads, no data call (a refused call is an audit row)', async () => {
    signInAs(3);
    grants = { menus: { platform: [{ slug: 'companies' }] }, keys: [K.users.view] };
    await prefetchRouteData(handleOf('/platform/companies'), url('/platform/companies'), queryClient);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls().sort()).toEqual(['/api/modules', '/api/role-permissions/3']);
  });

  it('without the menu (Access Denied although the key is held): no data call', async () => {
    signInAs(3);
    grants = { menus: {}, keys: [K.companies.view] };
    await prefetchRouteData(handleOf('/platform/companies'), url('/platform/companies'), queryClient);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls().sort()).toEqual(['/api/modules', '/api/role-permissions/3']);
  });

  it('without a session: no call at all', async () => {
    await prefetchRouteData(handleOf('/platform/companies'), url('/platform/companies'), queryClient);
    expect(calls()).toEqual([]);
  });
});

describe("the shell's loader", () => {
  it('waits for the permissions and the modules, and asks for each once beside the screen loader', async () => {
    signInAs(3);
    grants = { menus: { platform: [{ slug: 'companies' }] }, keys: [K.companies.view] };
    const shell = loadShellData(queryClient);
    await prefetchRouteData(handleOf('/platform/companies'), url('/platform/companies'), queryClient);
    await shell;
    expect(queryClient.getQueryState(['role-permissions', 3])?.status).toBe('success');
    expect(queryClient.getQueryData(modulesQuery().queryKey)).toEqual([]);
    expect(calls().filter((c) => c === '/api/role-permissions/3' || c === '/api/modules')).toHaveLength(2);
    // Both in the cache: the next shell navigation does not wait for a request.
    await loadShellData(queryClient);
    expect(calls().filter((c) => c === '/api/role-permissions/3' || c === '/api/modules')).toHaveLength(2);
  });

  it('does not wait for the retries of a failed answer (a 503 is retried as long as the service is away): the shell shows them', async () => {
    signInAs(3);
    let attempts = 0;
    const answer = fetchMock.getMockImplementation();
    onTestFinished(() => {
      if (answer) fetchMock.mockImplementation(answer);
    });
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      attempts += 1;
      return json({ success: false, message: 'The service is unavailable' }, String(input).includes('/role-permissions/') ? 503 : 200);
    });
    await loadShellData(queryClient);
    expect(attempts).toBeGreaterThanOrEqual(1);
    const state = queryClient.getQueryState(['role-permissions', 3]);
    expect(state?.fetchFailureCount).toBe(1);
    expect(state?.fetchStatus).toBe('fetching'); // still retrying, after the loader let the shell render
    await queryClient.cancelQueries();
  });

  it('does not wait while the browser is offline (the query waits for the connection; the shell shows that)', async () => {
    signInAs(3);
    onlineManager.setOnline(false);
    onTestFinished(() => onlineManager.setOnline(true));
    await loadShellData(queryClient);
    expect(queryClient.getQueryState(['role-permissions', 3])?.fetchStatus).toBe('paused');
    expect(calls()).toEqual([]);
  });

  it('without a session: nothing to wait for', async () => {
    await loadShellData(queryClient);
    expect(calls()).toEqual([]);
  });
});

describe('the prefetch table', () => {
  it.each(Object.keys(ROUTE_QUERIES))('%s is a shell route with a permission key', (pattern) => {
    const path = pattern.replace('{product}', 'platform');
    expect(routes.map((r) => r.path)).toContain(path);
    expect(routeKey(path, 'platform')).toBeDefined();
  });
});
