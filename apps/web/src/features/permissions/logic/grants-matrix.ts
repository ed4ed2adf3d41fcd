import type { Menu, Module, PermissionDetail } from '@console/contract';

/**
 * The permissions matrix as pure data: a role's grants (modules, menus inside them, permission
 * keys of the groups of those modules) and the edits the screen makes. The API enforces the
 * same shape (a menu or key never outlives its module); keeping it in the browser too means
 * the preview and the dirty count show exactly what Save will store.
 */
export type Grants = { moduleIds: number[]; menuIds: number[]; roleKeys: string[] };

export type Catalogue = {
  modules: readonly Module[];
  groups: readonly PermissionDetail[];
};

export type CatalogueIndex = {
  modules: readonly Module[];
  moduleById: ReadonlyMap<number, Module>;
  menuModule: ReadonlyMap<number, number>;
  keyModule: ReadonlyMap<string, number>;
  groupsByModule: ReadonlyMap<number, readonly PermissionDetail[]>;
};

export const EMPTY_GRANTS: Grants = { moduleIds: [], menuIds: [], roleKeys: [] };

const sortedNumbers = (xs: Iterable<number>) => [...new Set(xs)].sort((a, b) => a - b);
const sortedStrings = (xs: Iterable<string>) => [...new Set(xs)].sort();

/** Unique, sorted lists: two equal selections compare equal whatever order they were made in. */
export function normaliseGrants(g: Grants): Grants {
  return { moduleIds: sortedNumbers(g.moduleIds), menuIds: sortedNumbers(g.menuIds), roleKeys: sortedStrings(g.roleKeys) };
}

export function indexCatalogue({ modules, groups }: Catalogue): CatalogueIndex {
  const moduleById = new Map(modules.map((m) => [m.id, m]));
  const menuModule = new Map<number, number>();
  for (const m of modules) for (const menu of m.menus) menuModule.set(menu.id, m.id);
  const keyModule = new Map<string, number>();
  const groupsByModule = new Map<number, PermissionDetail[]>();
  for (const group of groups) {
    for (const sub of group.subModules) keyModule.set(sub.roleKey, group.moduleId);
    groupsByModule.set(group.moduleId, [...(groupsByModule.get(group.moduleId) ?? []), group]);
  }
  return { modules, moduleById, menuModule, keyModule, groupsByModule };
}

/** Granting a module adds it; taking it away also takes its menus and keys (they would be useless). */
export function toggleModule(g: Grants, idx: CatalogueIndex, moduleId: number, on: boolean): Grants {
  if (on) return normaliseGrants({ ...g, moduleIds: [...g.moduleIds, moduleId] });
  return normaliseGrants({
    moduleIds: g.moduleIds.filter((id) => id !== moduleId),
    menuIds: g.menuIds.filter((id) => idx.menuModule.get(id) !== moduleId),
    roleKeys: g.roleKeys.filter((key) => idx.keyModule.get(key) !== moduleId),
  });
}

/** Sets keys on or off; a key switched on grants its module too. */
export function setKeys(g: Grants, idx: CatalogueIndex, keys: readonly string[], on: boolean): Grants {
  const drop = new Set(keys);
  const roleKeys = on ? [...g.roleKeys, ...keys] : g.roleKeys.filter((k) => !drop.has(k));
  const moduleIds = on ? [...g.moduleIds, ...modulesOf(keys.map((k) => idx.keyModule.get(k)))] : g.moduleIds;
  return normaliseGrants({ ...g, moduleIds, roleKeys });
}

/** Replaces the menu selection (the product multi-select's value); a chosen menu grants its module. */
export function setMenus(g: Grants, idx: CatalogueIndex, menuIds: readonly number[]): Grants {
  const moduleIds = [...g.moduleIds, ...modulesOf(menuIds.map((id) => idx.menuModule.get(id)))];
  return normaliseGrants({ ...g, moduleIds, menuIds: [...menuIds] });
}

const modulesOf = (ids: readonly (number | undefined)[]) => ids.filter((id): id is number => id !== undefined);

/**
 * Makes any grants consistent: menus and keys of modules that are not granted are dropped.
 * Grants the catalogue does not know (a module the editor cannot see) are kept untouched:
 * the API decides about them, and dropping them would silently revoke access.
 */
export function makeConsistent(g: Grants, idx: CatalogueIndex): Grants {
  const granted = new Set(g.moduleIds);
  const fits = (moduleId: number | undefined) => moduleId === undefined || granted.has(moduleId);
  return normaliseGrants({
    moduleIds: g.moduleIds,
    menuIds: g.menuIds.filter((id) => fits(idx.menuModule.get(id))),
    roleKeys: g.roleKeys.filter((key) => fits(idx.keyModule.get(key))),
  });
}

// ---- The product multi-select speaks strings ----

export const menuValue = (menuId: number) => `menu:${menuId}`;

/** Menu ids from the multi-select's values (other values are ignored). */
export function menuIdsFromValues(values: readonly string[]): number[] {
  return values.flatMap((v) => (v.startsWith('menu:') && Number.isInteger(Number(v.slice(5))) ? [Number(v.slice(5))] : []));
}

/** The modules -> menus groups of the multi-select. */
export function menuGroups(modules: readonly Module[]) {
  return modules
    .filter((m) => m.menus.length > 0)
    .map((m) => ({
      value: `module:${m.id}`,
      label: m.name,
      items: m.menus.map((menu: Menu) => ({ value: menuValue(menu.id), label: menu.name })),
    }));
}

// ---- Dirty state ----

export type GrantsDiff = {
  addedModules: number[];
  removedModules: number[];
  addedMenus: number[];
  removedMenus: number[];
  addedKeys: string[];
  removedKeys: string[];
  /** Number of single changes (each module, menu or key added or removed). */
  count: number;
};

function delta<T>(before: readonly T[], after: readonly T[]) {
  const b = new Set(before);
  const a = new Set(after);
  return { added: [...a].filter((x) => !b.has(x)), removed: [...b].filter((x) => !a.has(x)) };
}

/** What Save would change, compared with the stored grants. */
export function diffGrants(saved: Grants, current: Grants): GrantsDiff {
  const modules = delta(saved.moduleIds, current.moduleIds);
  const menus = delta(saved.menuIds, current.menuIds);
  const keys = delta(saved.roleKeys, current.roleKeys);
  return {
    addedModules: modules.added,
    removedModules: modules.removed,
    addedMenus: menus.added,
    removedMenus: menus.removed,
    addedKeys: keys.added,
    removedKeys: keys.removed,
    count:
      modules.added.length + modules.removed.length + menus.added.length + menus.removed.length + keys.added.length + keys.removed.length,
  };
}

export const isDirty = (saved: Grants, current: Grants) => diffGrants(saved, current).count > 0;
