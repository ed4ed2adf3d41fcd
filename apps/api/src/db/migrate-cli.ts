import { loadConfig } from '../config.js';
import { openDatabase } from './client.js';
import { runMigrations } from './migrate.js';
import { seedDatabase } from './seed/index.js';

/** `npm run db:migrate`: applies the migrations and the idempotent seed, then exits. */
const config = loadConfig();
const handle = await openDatabase(config);
try {
  const seed = await handle.withStartupLock(async () => {
    await runMigrations(handle);
    return seedDatabase(handle.db, config);
  });
  console.log(`Database migrated (${handle.kind}).`);
  if (seed.generatedAdminPassword) console.log(`Super admin ${config.adminEmail} created with password: ${seed.generatedAdminPassword}`);
  if (seed.generatedDemoPassword) console.log(`Demo users created with password: ${seed.generatedDemoPassword}`);
} finally {
  await handle.close();
}
