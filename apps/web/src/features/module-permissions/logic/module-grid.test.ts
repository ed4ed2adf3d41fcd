import { describe, expect, it } from 'vitest';
import { changedRoles, gridFromRows, hasModule, removedModules, toggleCell } from './module-grid';

const rows = [
  { roleId: 2, moduleId: 4 },
  { roleId: 2, moduleId: 2 },
  { roleId: 3, moduleId: 1 },
];

describe('module grid', () => {
  it('builds sorted rows and gives roles without modules an empty row', () => {
    const grid = gridFromRows(rows, [2, 3, 4]);
    expect([...grid]).toEqual([
      [2, [2, 4]],
      [3, [1]],
      [4, []],
    ]);
    expect(hasModule(grid, 2, 4)).toBe(true);
    expect(hasModule(grid, 4, 4)).toBe(false);
  });

  it('toggling a cell changes that row only, and toggling back makes it clean', () => {
    const saved = gridFromRows(rows, [2, 3, 4]);
    const on = toggleCell(saved, 4, 3, true);
    expect(on.get(4)).toEqual([3]);
    expect(on.get(2)).toBe(saved.get(2));
    expect(changedRoles(saved, on)).toEqual([4]);
    expect(changedRoles(saved, toggleCell(on, 4, 3, false))).toEqual([]);
  });

  it('reports the modules a role loses', () => {
    const saved = gridFromRows(rows, [2, 3]);
    const next = toggleCell(toggleCell(saved, 2, 2, false), 2, 5, true);
    expect(removedModules(saved, next, 2)).toEqual([2]);
    expect(changedRoles(saved, next)).toEqual([2]);
  });
});
