import type { Config } from '../../config.js';
import type { Db } from '../client.js';
import { createStorage } from '../../lib/storage/index.js';
import { storageOptions } from '../../plugins/storage.js';
import { seedCatalogue } from './catalogue.js';
import { seedDemoContent } from './demo-content.js';
import { SEED_ROLES, seedRole, seedSuperAdminRole, syncRoleSequence } from './roles.js';
import { seedDemoUserRequests } from './user-requests.js';
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
  // Clients, media, actions, locations and uploads, so a first start shows a living console.
  if (demoSeeded && config.seedDemoContent !== false) await seedDemoContentWithStorage(db, config);
  // Last: it uses whatever tone sequences the demo data made (or makes a few of its own).
  if (demoSeeded) await seedDemoUserRequests(db);
  await syncRoleSequence(db);
  return { generatedAdminPassword, generatedDemoPassword, demoSeeded };
}

/** The demo content through the configured storage driver (the app's storage plugin starts later). */
export async function seedDemoContentWithStorage(db: Db, config: Config) {
  const storage = createStorage(storageOptions(config));
  await storage.init();
  await seedDemoContent(db, storage);
}
