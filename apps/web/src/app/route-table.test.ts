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
