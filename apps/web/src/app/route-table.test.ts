import { describe, expect, it } from 'vitest';
import { buildShellRoutes } from './route-table';

describe('buildShellRoutes', () => {
  const routes = buildShellRoutes('platform');
  const paths = routes.map((r) => r.path);

  it('covers every signed-in route of spec s.2', () => {
    const expected = [
      '/tone-home-dashboard',
      '/tone-dashboard',
      '/tone-dashboard/home',
      '/tone-portal',
      '/tone-dashboard/locations',
      '/tone-dashboard/user-request',
      '/tone-dashboard/user-request/device-details',
      '/platform/dashboard',
      '/platform/companies',
      '/platform/users',
      '/platform/roles',
      '/platform/permissions',
      '/platform/module-permissions',
      '/platform/change-history',
      '/demo-admin/clients',
      '/demo-admin/client-dashboard',
      '/demo-admin/campaign-media',
      '/demo-admin/demo-media',
      '/demo-admin/manage-actions',
      '/aes',
      '/aes/generate',
      '/profile',
      '/profile/about',
      '/profile/user-activity',
      '/profile/user-sessions',
    ];
    expect([...paths].sort()).toEqual([...expected].sort());
  });

  it('declares the key of every page that reads guarded data (lib/route-keys.ts), under the configured product slug', () => {
    const keyOf = (path: string) => routes.find((r) => r.path === path)?.roleKey;
    expect(keyOf('/tone-dashboard/user-request/device-details')).toBe('user-requests.devices');
    expect(keyOf('/tone-dashboard/home')).toBe('tone-home.view');
    expect(keyOf('/platform/users')).toBe('users.view');
    expect(keyOf('/platform/change-history')).toBe('change-history.view');
    expect(buildShellRoutes('acme').find((r) => r.path === '/acme/users')?.roleKey).toBe('users.view');
    // Only redirects (/aes, /profile, the tones index) and the own About page (session only) need no key.
    const open = routes.filter((r) => r.roleKey === undefined).map((r) => r.path);
    expect(open.sort()).toEqual(['/aes', '/profile', '/profile/about', '/tone-dashboard', '/tone-portal']);
  });

  it('has no duplicate paths', () => {
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('keys each menu route by its module, so the sidebar finds its menus', () => {
    for (const route of routes) {
      if (route.menu && !['/tone-home-dashboard'].includes(route.path)) {
        expect(route.path.startsWith(`/${route.module}/`)).toBe(true);
      }
    }
  });

  it('follows the configured product slug', () => {
    expect(buildShellRoutes('acme').some((r) => r.path === '/acme/users' && r.module === 'acme')).toBe(true);
  });
});
