import { MODULE_IDS, PERMISSION_KEYS } from '@console/contract';
import { describe, expect, it } from 'vitest';
import {
  diffGrants,
  EMPTY_GRANTS,
  type Grants,
  isDirty,
  makeConsistent,
  menuGroups,
  menuIdsFromValues,
  menuValue,
  normaliseGrants,
  setKeys,
  setMenus,
  toggleModule,
} from './grants-matrix';
import { index, modules } from './test-catalogue';

const DEMO = MODULE_IDS.demoAdmin;
const PROFILE = MODULE_IDS.profile;
// Demo Admin menus 4..8, Profile menus 10..12 (contract catalogue ids).
const CLIENTS_MENU = 5;
const DEMO_MEDIA_MENU = 7;
const ABOUT_MENU = 10;
const K = PERMISSION_KEYS;

const role: Grants = {
  moduleIds: [DEMO, PROFILE],
  menuIds: [CLIENTS_MENU, DEMO_MEDIA_MENU, ABOUT_MENU],
  roleKeys: [K.clients.view, K.clients.create, K.profile.view],
};

describe('toggleModule', () => {
  it('unticking a module clears its menus and keys, and nothing else', () => {
    const next = toggleModule(role, index, DEMO, false);
    expect(next).toEqual({ moduleIds: [PROFILE], menuIds: [ABOUT_MENU], roleKeys: [K.profile.view] });
  });
  it('ticking a module grants it without menus or keys', () => {
    expect(toggleModule(EMPTY_GRANTS, index, MODULE_IDS.aes, true)).toEqual({ moduleIds: [MODULE_IDS.aes], menuIds: [], roleKeys: [] });
  });
  it('ticking twice keeps one grant', () => {
    const once = toggleModule(EMPTY_GRANTS, index, DEMO, true);
    expect(toggleModule(once, index, DEMO, true).moduleIds).toEqual([DEMO]);
  });
});

describe('setKeys and setMenus keep the shape consistent', () => {
  it('a key switched on grants its module', () => {
    const next = setKeys(EMPTY_GRANTS, index, [K.users.view, K.users.create], true);
    expect(next.moduleIds).toEqual([MODULE_IDS.product]);
    expect(next.roleKeys).toEqual([K.users.create, K.users.view]);
  });
  it('a key switched off leaves the module granted', () => {
    const next = setKeys(role, index, [K.clients.view, K.clients.create], false);
    expect(next.moduleIds).toEqual([DEMO, PROFILE]);
    expect(next.roleKeys).toEqual([K.profile.view]);
  });
  it('a chosen menu grants its module; clearing menus keeps the modules', () => {
    const withMenu = setMenus(EMPTY_GRANTS, index, [ABOUT_MENU]);
    expect(withMenu).toEqual({ moduleIds: [PROFILE], menuIds: [ABOUT_MENU], roleKeys: [] });
    expect(setMenus(withMenu, index, []).moduleIds).toEqual([PROFILE]);
  });
  it('makeConsistent drops menus and keys of modules that are not granted, keeps unknown ones', () => {
    const messy: Grants = {
      moduleIds: [PROFILE],
      menuIds: [CLIENTS_MENU, ABOUT_MENU, 999],
      roleKeys: [K.clients.view, K.profile.view, 'x.unknown'],
    };
    expect(makeConsistent(messy, index)).toEqual({
      moduleIds: [PROFILE],
      menuIds: [ABOUT_MENU, 999],
      roleKeys: [K.profile.view, 'x.unknown'],
    });
  });
});

describe('menu values of the product multi-select', () => {
  it('round-trip menu ids and ignore other values', () => {
    expect(menuIdsFromValues([menuValue(5), 'module:2', 'menu:x', menuValue(12)])).toEqual([5, 12]);
  });
  it('one group per module with menus, in catalogue order', () => {
    const groups = menuGroups(modules);
    expect(groups.map((g) => g.label)).toEqual(['Tones Portal', 'Demo Admin', 'AES', 'Profile', 'Platform']);
    expect(groups[1].items.map((i) => i.label)).toEqual(['Dashboard', 'Clients', 'Campaign Media', 'Demo Media', 'Manage Actions']);
  });
});

describe('dirty state', () => {
  it('equal selections in any order are not dirty', () => {
    const shuffled: Grants = {
      moduleIds: [PROFILE, DEMO, DEMO],
      menuIds: [...role.menuIds].reverse(),
      roleKeys: [...role.roleKeys].reverse(),
    };
    expect(isDirty(normaliseGrants(role), normaliseGrants(shuffled))).toBe(false);
  });
  it('counts each module, menu and key added or removed', () => {
    const next = toggleModule(setKeys(role, index, [K.aes.use], true), index, DEMO, false);
    const diff = diffGrants(normaliseGrants(role), next);
    expect(diff.addedModules).toEqual([MODULE_IDS.aes]);
    expect(diff.removedModules).toEqual([DEMO]);
    expect(diff.removedMenus.sort()).toEqual([CLIENTS_MENU, DEMO_MEDIA_MENU]);
    expect(diff.addedKeys).toEqual([K.aes.use]);
    expect(diff.removedKeys.sort()).toEqual([K.clients.create, K.clients.view]);
    expect(diff.count).toBe(7);
  });
  it('undoing a change makes the selection clean again', () => {
    const saved = normaliseGrants(role);
    const changed = setKeys(saved, index, [K.clients.delete], true);
    expect(isDirty(saved, changed)).toBe(true);
    expect(isDirty(saved, setKeys(changed, index, [K.clients.delete], false))).toBe(false);
  });
});
