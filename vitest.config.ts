import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Test projects: unit (contract + web logic), api (integration through app.inject on a real
// database: PGlite by default, PostgreSQL when DATABASE_URL is set), cluster (replicas behind a
// load balancer, on PostgreSQL). e2e runs in Playwright.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single fork on the 2-core CI machine,
    // with the second core idle while that fork runs PGlite, password hashing and jsdom. The test
    // files share nothing (own databases, port 0, random Redis keys), so two run side by side.
    // VITEST_MAX_WORKERS=1 goes back to one at a time.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/contract/test/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/bundling/**/*.test.ts'],
          environment: 'jsdom',
          // Vitest's 5 s default is a hang guard, not a speed goal: the permissions matrix test
          // (1,500 elements, role queries over 133 checkboxes) takes 3-5.5 s alone on this 2-core
          // machine and 23 s once beside a parallel build, where it failed by timing out.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          // The cluster tier's own (below): it starts the built bundle as separate processes.
          exclude: ['apps/api/src/test/cluster/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // A test file's modules stay loaded for the next file in the same fork: importing the
          // app's module graph afresh took ~4 s per file (93 files), a third of the tier's time.
          // Safe because an app keeps its state in the app (buildApp: its own database, queue,
          // clock and config), the files mock no module, and none changes process.env.
          isolate: false,
          // Builds the migrated, seeded database every test app starts from (apps/api/src/test/seeded-database.ts).
          globalSetup: ['apps/api/src/test/seed-image.ts'],
        },
      },
      {
        test: {
          // Two API replicas, a worker and HAProxy on PostgreSQL and Redis (deploy/, README "Deployment and
          // scale-out"); `npm test` prepares them (scripts/test.mjs, tier cluster).
          name: 'cluster',
          include: ['apps/api/src/test/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 180_000,
          pool: 'forks',
        },
      },
    ],
  },
});
