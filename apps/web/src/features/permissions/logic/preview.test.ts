import { MODULE_IDS, PERMISSION_KEYS } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_GRANTS, setKeys, setMenus, toggleModule } from './grants-matrix';
import { derivePreview, previewMenuPermissions } from './preview';
import { index } from './test-catalogue';

const K = PERMISSION_KEYS;

describe('derivePreview (view as this role)', () => {
  it('shows nothing for a role without modules', () => {
    expect(derivePreview(EMPTY_GRANTS, index)).toEqual([]);
  });

  it('shows the granted module with exactly the chosen menus, in sidebar order, and its keys by group', () => {
    // One module, two menus (picked in reverse order), some keys.
    let g = setMenus(EMPTY_GRANTS, index, [7, 5]);
    g = setKeys(g, index, [K.demoMedia.view, K.clients.view, K.clients.create], true);
    const [demo, ...rest] = derivePreview(g, index);
    expect(rest).toEqual([]);
    expect(demo.module.slug).toBe('demo-admin');
    expect(demo.menus.map((m) => m.name)).toEqual(['Clients', 'Demo Media']);
    expect(demo.keyGroups.map((kg) => [kg.name, kg.keys.map((k) => k.roleKey)])).toEqual([
      ['Clients', [K.clients.view, K.clients.create]],
      ['Demo Media', [K.demoMedia.view]],
    ]);
  });

  it('a module granted without menus previews an empty sidebar', () => {
    const previews = derivePreview(toggleModule(EMPTY_GRANTS, index, MODULE_IDS.aes, true), index);
    expect(previews.map((p) => [p.module.slug, p.menus.length, p.keyGroups.length])).toEqual([['aes', 0, 0]]);
  });

  it('follows the unsaved selection: unticking the module removes it from the preview', () => {
    const g = setMenus(EMPTY_GRANTS, index, [10, 11]);
    expect(derivePreview(g, index)).toHaveLength(1);
    expect(derivePreview(toggleModule(g, index, MODULE_IDS.profile, false), index)).toEqual([]);
  });

  it('gives the sidebar its menus keyed by module slug', () => {
    const menus = previewMenuPermissions(derivePreview(setMenus(EMPTY_GRANTS, index, [10, 13]), index));
    expect(Object.fromEntries(Object.entries(menus).map(([slug, list]) => [slug, list.map((m) => m.slug)]))).toEqual({
      profile: ['about'],
      platform: ['dashboard'],
    });
  });
});
