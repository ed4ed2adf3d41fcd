import { buildModuleCatalogue, PERMISSION_CATALOGUE } from '@console/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { menus, modules, permissions, subModules } from '../schema/index.js';

/**
 * Upserts the contract's modules, menus and permission groups on every start, so a key added to
 * the catalogue appears without a migration. Rows the administrators created are left alone.
 */
export async function seedCatalogue(db: Db, product: { slug: string; name: string }) {
  const catalogue = buildModuleCatalogue(product);
  for (const [i, m] of catalogue.entries()) {
    const row = { id: m.id, name: m.name, slug: m.slug, logo: m.logo, description: m.description, sortOrder: i };
    await db
      .insert(modules)
      .values(row)
      .onConflictDoUpdate({ target: modules.id, set: { name: row.name, slug: row.slug, logo: row.logo, description: row.description } });
    for (const [j, menu] of m.menus.entries()) {
      const menuRow = { id: menu.id, moduleId: m.id, name: menu.name, slug: menu.slug, logo: menu.logo, sortOrder: j };
      await db
        .insert(menus)
        .values(menuRow)
        .onConflictDoUpdate({ target: menus.id, set: { moduleId: m.id, name: menu.name, slug: menu.slug, logo: menu.logo } });
    }
  }
  for (const p of PERMISSION_CATALOGUE) {
    await db
      .insert(permissions)
      .values({ id: p.id, name: p.name, moduleId: p.moduleId })
      .onConflictDoUpdate({ target: permissions.id, set: { name: p.name, moduleId: p.moduleId } });
    for (const s of p.subModules) {
      await db
        .insert(subModules)
        .values({ permissionId: p.id, name: s.name, roleKey: s.roleKey })
        .onConflictDoUpdate({ target: subModules.roleKey, set: { permissionId: p.id, name: s.name } });
    }
  }
  // Catalogue ids are explicit; ids below 1000 stay reserved for it, so rows created later through
  // the API never collide with a catalogue entry added in a future release.
  for (const table of ['modules', 'menus', 'permissions']) {
    await db.execute(sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT max(id) FROM ${table}), 999))`));
  }
}
