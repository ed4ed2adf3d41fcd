import type { ModulePermission } from '@console/contract';

/**
 * The role x module grid as data: for each role, the sorted ids of the modules it may open.
 * Saving posts one role at a time (POST /module-permissions/add replaces a role's modules), so
 * the grid tracks which rows differ from what is stored.
 */
export type ModuleGrid = ReadonlyMap<number, readonly number[]>;

const sorted = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

/** GET /module-permissions rows -> grid; roles without rows get an empty list. */
export function gridFromRows(rows: readonly ModulePermission[], roleIds: readonly number[]): ModuleGrid {
  const grid = new Map<number, number[]>(roleIds.map((id) => [id, []]));
  for (const row of rows) grid.set(row.roleId, [...(grid.get(row.roleId) ?? []), row.moduleId]);
  return new Map([...grid].map(([roleId, ids]) => [roleId, sorted(ids)]));
}

export function hasModule(grid: ModuleGrid, roleId: number, moduleId: number): boolean {
  return grid.get(roleId)?.includes(moduleId) ?? false;
}

export function toggleCell(grid: ModuleGrid, roleId: number, moduleId: number, on: boolean): ModuleGrid {
  const current = grid.get(roleId) ?? [];
  const next = on ? sorted([...current, moduleId]) : current.filter((id) => id !== moduleId);
  return new Map(grid).set(roleId, next);
}

const same = (a: readonly number[] = [], b: readonly number[] = []) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Roles whose modules differ from the stored ones, in grid order. */
export function changedRoles(saved: ModuleGrid, current: ModuleGrid): number[] {
  return [...current.keys()].filter((roleId) => !same(saved.get(roleId), current.get(roleId)));
}

/** Modules a role loses with the change: their menus and keys go too (the API prunes them). */
export function removedModules(saved: ModuleGrid, current: ModuleGrid, roleId: number): number[] {
  const now = new Set(current.get(roleId) ?? []);
  return (saved.get(roleId) ?? []).filter((id) => !now.has(id));
}
