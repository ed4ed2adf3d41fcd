import { describe, expect, it } from 'vitest';
import { decideModuleNavigation } from './module-navigation';

const menu = (slug: string) => ({ id: 1, name: slug, slug, logo: `${slug}.svg` });
const ctx = (roleId: number) => ({ roleId, productSlug: 'platform' });

describe('decideModuleNavigation', () => {
  it('opens the first menu of a module with menus', () => {
    const module = { name: 'Demo Admin', slug: 'demo-admin', menus: [menu('clients'), menu('demo-media')] };
    expect(decideModuleNavigation(module, ctx(2))).toEqual({ kind: 'navigate', to: '/demo-admin/clients' });
    expect(decideModuleNavigation(module, ctx(1))).toEqual({ kind: 'navigate', to: '/demo-admin/clients' });
  });

  it('sends a super admin without menus to the fallback of the module', () => {
    const cases: [string, string][] = [
      ['tone-dashboard', '/tone-dashboard/home'],
      ['tone-portal', '/tone-dashboard/home'],
      ['aes', '/aes/generate'],
      ['demo-admin', '/demo-admin/client-dashboard'],
      ['platform', '/platform/dashboard'],
      ['profile', '/profile/about'],
      ['reports', '/reports'],
    ];
    for (const [slug, to] of cases) {
      expect(decideModuleNavigation({ name: slug, slug, menus: [] }, ctx(1))).toEqual({ kind: 'navigate', to });
    }
  });

  it("denies anyone else a module without menus with the spec's message", () => {
    expect(decideModuleNavigation({ name: 'AES', slug: 'aes', menus: [] }, ctx(3))).toEqual({
      kind: 'denied',
      message: "You don't have permission to access any menus under the AES module. Please contact Admin.",
    });
  });

  it('follows the configured product slug', () => {
    expect(decideModuleNavigation({ name: 'Acme', slug: 'acme', menus: [] }, { roleId: 1, productSlug: 'acme' })).toEqual({
      kind: 'navigate',
      to: '/acme/dashboard',
    });
  });
});
