import { describe, expect, it } from 'vitest';
import { canOpenShellRoute, firstSegment, isMenuActive } from './route-handle';

const perms = (menus: Record<string, string[]>, isSuperAdmin = false, keys: string[] = []) => ({
  isSuperAdmin,
  menuPermissions: Object.fromEntries(Object.entries(menus).map(([k, v]) => [k, v.map((slug) => ({ slug }))])),
  roleKeys: new Set(keys),
});

describe('canOpenShellRoute', () => {
  it('lets the super admin open every route', () => {
    expect(canOpenShellRoute({ module: 'platform', menu: 'users' }, perms({}, true))).toBe(true);
  });
  it('needs the menu among the permitted menus of the module', () => {
    const p = perms({ 'demo-admin': ['clients', 'demo-media'] });
    expect(canOpenShellRoute({ module: 'demo-admin', menu: 'clients' }, p)).toBe(true);
    expect(canOpenShellRoute({ module: 'demo-admin', menu: 'campaign-media' }, p)).toBe(false);
    expect(canOpenShellRoute({ module: 'platform', menu: 'users' }, p)).toBe(false);
  });
  it("needs the route's key too: a held menu shared with a page of another key does not open that page", () => {
    const details = { module: 'tone-dashboard', menu: 'user-request', roleKey: 'user-requests.devices' };
    expect(canOpenShellRoute(details, perms({ 'tone-dashboard': ['user-request'] }, false, ['user-requests.view']))).toBe(false);
    expect(canOpenShellRoute(details, perms({ 'tone-dashboard': ['user-request'] }, false, ['user-requests.devices']))).toBe(true);
    expect(canOpenShellRoute(details, perms({}, true))).toBe(true);
  });
  it('opens a module page when any menu of the module is permitted', () => {
    expect(canOpenShellRoute({ module: 'profile' }, perms({ profile: ['about'] }))).toBe(true);
    expect(canOpenShellRoute({ module: 'aes' }, perms({ aes: [] }))).toBe(false);
  });
});

describe('helpers', () => {
  it('reads the first URL segment', () => {
    expect(firstSegment('/demo-admin/clients')).toBe('demo-admin');
    expect(firstSegment('/')).toBe('');
  });
  it('marks a menu active on its page and below it', () => {
    expect(isMenuActive('/tone-dashboard/user-request/device-details', '/tone-dashboard/user-request')).toBe(true);
    expect(isMenuActive('/tone-dashboard/user-requests', '/tone-dashboard/user-request')).toBe(false);
  });
});
