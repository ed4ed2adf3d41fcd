import type { Config } from '../../config.js';
import type { Db } from '../client.js';
import { seedCatalogue } from './catalogue.js';
import { SEED_ROLES, seedRole, seedSuperAdminRole, syncRoleSequence } from './roles.js';
import { countUsers, seedDemo, seedSuperAdmin } from './users.js';

export type SeedResult = {
  /** Set only when the super admin was created now with a generated password (print it once). */
  generatedAdminPassword?: string;
  generatedDemoPassword?: string;
  demoSeeded: boolean;
};

/** Idempotent; runs after the migrations on every start. */
export async function seedDatabase(db: Db, config: Config): Promise<SeedResult> {
  const wasEmpty = (await countUsers(db)) === 0;
  await seedCatalogue(db, { slug: config.productSlug, name: config.productName });
  await seedSuperAdminRole(db);
  for (const role of SEED_ROLES) await seedRole(db, role);
  const generatedAdminPassword = await seedSuperAdmin(db, config);
  const demoSeeded = config.seedDemo && wasEmpty;
  const generatedDemoPassword = demoSeeded ? await seedDemo(db, config) : undefined;
  await syncRoleSequence(db);
  return { generatedAdminPassword, generatedDemoPassword, demoSeeded };
}
