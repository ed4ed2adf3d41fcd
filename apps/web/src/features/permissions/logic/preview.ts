import type { Menu, Module } from '@console/contract';
import type { CatalogueIndex, Grants } from './grants-matrix';

type PreviewKeyGroup = { groupId: number; name: string; keys: { roleKey: string; name: string }[] };

export type ModulePreview = {
  module: Module;
  /** The sidebar the role would see in this module, in catalogue order. */
  menus: Menu[];
  /** Buttons and actions the role would get, per permission group of this module. */
  keyGroups: PreviewKeyGroup[];
};

/**
 * "View as this role": what a user of the role would see, derived from the (unsaved) selection
 * the same way the API derives GET /role-permissions: only granted modules, and inside them
 * only granted menus and keys.
 */
export function derivePreview(g: Grants, idx: CatalogueIndex): ModulePreview[] {
  const menus = new Set(g.menuIds);
  const keys = new Set(g.roleKeys);
  const granted = new Set(g.moduleIds);
  return idx.modules
    .filter((m) => granted.has(m.id))
    .map((module) => ({
      module,
      menus: module.menus.filter((menu) => menus.has(menu.id)),
      keyGroups: (idx.groupsByModule.get(module.id) ?? [])
        .map((group) => ({
          groupId: group.id,
          name: group.name,
          keys: group.subModules.filter((s) => keys.has(s.roleKey)).map((s) => ({ roleKey: s.roleKey, name: s.name })),
        }))
        .filter((group) => group.keys.length > 0),
    }));
}

/** menuPermissions keyed by module slug, the shape the real sidebar reads (spec s.6). */
export function previewMenuPermissions(previews: readonly ModulePreview[]): Record<string, Menu[]> {
  return Object.fromEntries(previews.map((p) => [p.module.slug, p.menus]));
}
