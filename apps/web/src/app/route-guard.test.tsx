import '../components/data-table/test-setup';
import { PERMISSION_KEYS } from '@console/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ShellLayout from '../components/shell/shell-layout';
import { clearAllCookies } from '../lib/auth/cookies';
import { buildShellRoutes } from './route-table';

// The seeded Support Agent (role 3): tones menus locations and user-request, no tone-home menu,
// no device-details key.
const AGENT_MENUS = {
  'tone-dashboard': [
    { id: 2, name: 'Locations', slug: 'locations', logo: 'locations.svg' },
    { id: 3, name: 'User Requests', slug: 'user-request', logo: 'user-request.svg' },
  ],
};
const AGENT_KEYS = [PERMISSION_KEYS.locations.view, PERMISSION_KEYS.userRequests.view];

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
let grantedKeys: string[] = [];
// The API-client edge: permissions answer late, as on a cold load, so a page mounted before
// they arrive would be caught calling its data.
const fetchStub = vi.fn(async (url: string) => {
  const path = new URL(String(url), 'http://x').pathname;
  if (path === '/api/role-permissions/3') {
    await new Promise((resolve) => setTimeout(resolve, 50));
    return json({ data: { roleId: 3, menuPermissions: AGENT_MENUS, rolePermissions: grantedKeys } });
  }
  if (path === '/api/modules') return json({ data: [] });
  return json({ success: false, message: 'unexpected' }, 404);
});

// The page's data fetcher: what must never run on a denied route.
const pageFetcher = vi.fn(async () => 'page data');
function PageProbe() {
  const q = useQuery({ queryKey: ['probe'], queryFn: pageFetcher });
  return <p>Page content: {q.data ?? 'loading'}</p>;
}

function renderShellAt(path: string) {
  const handle = buildShellRoutes('platform').find((r) => r.path === path);
  if (!handle) throw new Error(`no route ${path}`);
  const { screen: _lazy, ...routeHandle } = handle;
  const router = createMemoryRouter([{ Component: ShellLayout, children: [{ path, handle: routeHandle, Component: PageProbe }] }], {
    initialEntries: [path],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  clearAllCookies();
  document.cookie = `userDetails=${encodeURIComponent(JSON.stringify({ accessToken: 't', user: { id: 7, roleId: 3, email: 'agent@example.com' } }))}; path=/`;
  vi.stubGlobal('fetch', fetchStub);
  grantedKeys = AGENT_KEYS;
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchStub.mockClear();
  pageFetcher.mockClear();
});

describe('shell route guard', () => {
  it('shows Access Denied on a page whose menu the role lacks, without ever calling its data', async () => {
    renderShellAt('/tone-dashboard/home');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.queryByText(/Page content/)).toBeNull();
    expect(pageFetcher).not.toHaveBeenCalled();
  });

  it('shows Access Denied on a page of a held menu whose key the role lacks (device details), without calling its data', async () => {
    renderShellAt('/tone-dashboard/user-request/device-details');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(pageFetcher).not.toHaveBeenCalled();
  });

  it('mounts the page once the permissions grant its key', async () => {
    grantedKeys = [...AGENT_KEYS, PERMISSION_KEYS.userRequests.devices];
    renderShellAt('/tone-dashboard/user-request/device-details');
    expect(await screen.findByText('Page content: page data')).toBeInTheDocument();
    expect(pageFetcher).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('heading', { name: 'Access Denied' })).toBeNull();
  });
});
