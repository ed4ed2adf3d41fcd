// `npm run seed -- --user-requests 1000000`: migrates and seeds the configured database (DATABASE_URL,
// or the embedded one in DATA_DIR), then adds that many user requests in SQL (generate_series: no
// rows travel through Node) over the active tone sequences (3 demo locations are made if there are
// none) and rebuilds devices and the dashboards' rollups. Options: --devices N (distinct device
// codes), --days N (spread over the last N days, default 30). Run it with the server stopped.
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { runMigrations } from '../apps/api/src/db/migrate';
import { seedDatabase } from '../apps/api/src/db/seed/index';
import { seedBulkUserRequests } from '../apps/api/src/db/seed/user-requests';

const { values } = parseArgs({
  options: { 'user-requests': { type: 'string' }, devices: { type: 'string' }, days: { type: 'string' } },
});
const count = (name: string, v: string | undefined) => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number, got ${v}`);
    process.exit(2);
  }
  return n;
};
const userRequests = count('user-requests', values['user-requests']) ?? 0;

const config = loadConfig();
const handle = await openDatabase(config);
try {
  await handle.withStartupLock(async () => {
    await runMigrations(handle);
    await seedDatabase(handle.db, config);
  });
  if (userRequests > 0) {
    const t0 = performance.now();
    await seedBulkUserRequests(handle.db, userRequests, {
      devices: count('devices', values.devices),
      days: count('days', values.days),
      onProgress: (done, total) => process.stdout.write(`\r${done.toLocaleString('en')} / ${total.toLocaleString('en')} user requests`),
    });
    console.log(
      `\nAdded ${userRequests.toLocaleString('en')} user requests and rebuilt the rollups in ${((performance.now() - t0) / 1000).toFixed(1)} s (${handle.kind}).`,
    );
  } else {
    console.log(`Database migrated and seeded (${handle.kind}).`);
  }
} finally {
  await handle.close();
}
