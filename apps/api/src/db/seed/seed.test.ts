import { buildModuleCatalogue, PERMISSION_CATALOGUE } from '@console/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { companies, menus, modules, roles, subModules, users } from '../schema/index.js';
import { seedDatabase } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const countOf = async (table: typeof users | typeof roles | typeof modules | typeof menus | typeof subModules | typeof companies) =>
  (await t.app.db.select({ n: count() }).from(table))[0]?.n;

describe('seed', () => {
  it('creates the catalogue, roles 1-4, the super admin and the demo data on an empty database', async () => {
    expect(await countOf(modules)).toBe(5);
    expect(await countOf(menus)).toBe(buildModuleCatalogue({ slug: 'p', name: 'P' }).flatMap((m) => m.menus).length);
    expect(await countOf(subModules)).toBe(PERMISSION_CATALOGUE.flatMap((p) => p.subModules).length);
    const roleRows = await t.app.db.select({ id: roles.id, name: roles.name, isSystem: roles.isSystem }).from(roles).orderBy(roles.id);
    expect(roleRows).toEqual([
      { id: 1, name: 'Super Admin', isSystem: true },
      { id: 2, name: 'Content Manager', isSystem: false },
      { id: 3, name: 'Support Agent', isSystem: false },
      { id: 4, name: 'Guest', isSystem: false },
    ]);
    const people = await t.app.db
      .select({ email: users.email, roleId: users.roleId, twoFactor: users.twoFactorEnabled })
      .from(users)
      .orderBy(users.roleId);
    expect(people).toEqual([
      { email: 'admin@example.com', roleId: 1, twoFactor: false },
      { email: 'manager@example.com', roleId: 2, twoFactor: false },
      { email: 'agent@example.com', roleId: 3, twoFactor: true },
      { email: 'guest@example.com', roleId: 4, twoFactor: false },
    ]);
    expect(await countOf(companies)).toBeGreaterThanOrEqual(3);
    expect(t.app.seedResult).toEqual({ demoSeeded: true, generatedAdminPassword: undefined, generatedDemoPassword: undefined });
  });

  it('is idempotent: a second run adds nothing, keeps edited roles, and applies catalogue changes', async () => {
    await t.app.db.update(roles).set({ description: 'edited by an admin' }).where(eq(roles.id, 2));
    const result = await seedDatabase(t.app.db, { ...t.app.config, productSlug: 'acme', productName: 'Acme', adminPassword: undefined });
    expect(result).toEqual({ demoSeeded: false, generatedAdminPassword: undefined, generatedDemoPassword: undefined });
    expect(await countOf(users)).toBe(4);
    expect(await countOf(roles)).toBe(4);
    expect(await countOf(modules)).toBe(5);
    expect(await countOf(companies)).toBe(3);
    const [product] = await t.app.db.select().from(modules).where(eq(modules.id, 5));
    expect(product).toMatchObject({ slug: 'acme', name: 'Acme' });
    const [role2] = await t.app.db.select().from(roles).where(eq(roles.id, 2));
    expect(role2?.description).toBe('edited by an admin');
  });

  it('keeps sequences past the seeded ids (new rows never collide with the catalogue)', async () => {
    const [role] = await t.app.db.insert(roles).values({ name: 'Later role' }).returning({ id: roles.id });
    expect(role?.id).toBe(5);
    const [mod] = await t.app.db.insert(modules).values({ name: 'Later', slug: 'later' }).returning({ id: modules.id });
    expect(mod?.id).toBeGreaterThanOrEqual(1000);
  });
});
