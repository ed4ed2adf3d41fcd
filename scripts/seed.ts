// `npm run seed -- --user-requests 1000000`: migrates and seeds the configured database (DATABASE_URL,
// or the embedded one in DATA_DIR), then adds that many user requests in SQL (generate_series: no
// rows travel through Node) over the active tone sequences (3 demo locations are made if there are
// none) and rebuilds devices and the dashboards' rollups. Options: --devices N (distinct device
// codes), --days N (spread over the last N days, default 30). `--users N` adds that many users the
// same way (names, companies, roles, statuses; they cannot sign in); `--scale N` is both at once
// (`--scale 1m` = a million users and a million user requests; 100k, 1m and plain numbers work).
// Run it with the server stopped.
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { runMigrations } from '../apps/api/src/db/migrate';
import { seedDatabase } from '../apps/api/src/db/seed/index';
import { seedBulkUsers, vacuumListTables } from '../apps/api/src/db/seed/bulk-users';
import { seedBulkUserRequests } from '../apps/api/src/db/seed/user-requests';

const { values } = parseArgs({
  options: {
    'user-requests': { type: 'string' },
    users: { type: 'string' },
    scale: { type: 'string' },
    devices: { type: 'string' },
    days: { type: 'string' },
  },
});
const count = (name: string, v: string | undefined) => {
  if (v === undefined) return undefined;
  const suffix = /^(\d+(?:\.\d+)?)([km])$/i.exec(v.trim());
  const n = suffix ? Math.round(Number(suffix[1]) * (suffix[2]?.toLowerCase() === 'k' ? 1e3 : 1e6)) : Number(v);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number, got ${v}`);
    process.exit(2);
  }
  return n;
};
const scale = count('scale', values.scale);
const userRequests = count('user-requests', values['user-requests']) ?? scale ?? 0;
const bulkUsers = count('users', values.users) ?? scale ?? 0;
const progress = (what: string) => (done: number, total: number) =>
  process.stdout.write(`\r${done.toLocaleString('en')} / ${total.toLocaleString('en')} ${what}`);

const config = loadConfig();
const handle = await openDatabase(config);
try {
  // Everything under the startup lock: no server migrates meanwhile, and statements have no
  // request timeout (a million rows take longer than a request may).
  await handle.withStartupLock(async () => {
    await runMigrations(handle);
    await seedDatabase(handle.db, config);
    await bulk();
  });
} finally {
  await handle.close();
}

async function bulk() {
  if (bulkUsers > 0) {
    const t0 = performance.now();
    await seedBulkUsers(handle.db, bulkUsers, { onProgress: progress('users') });
    console.log(`\nAdded ${bulkUsers.toLocaleString('en')} users in ${((performance.now() - t0) / 1000).toFixed(1)} s (${handle.kind}).`);
  }
  if (userRequests > 0) {
    const t0 = performance.now();
    await seedBulkUserRequests(handle.db, userRequests, {
      devices: count('devices', values.devices),
      days: count('days', values.days),
      onProgress: progress('user requests'),
    });
    console.log(
      `\nAdded ${userRequests.toLocaleString('en')} user requests and rebuilt the rollups in ${((performance.now() - t0) / 1000).toFixed(1)} s (${handle.kind}).`,
    );
  }
  if (bulkUsers > 0 || userRequests > 0) {
    await vacuumListTables(handle.db);
  } else {
    console.log(`Database migrated and seeded (${handle.kind}).`);
  }
}
