import { defineConfig } from 'vitest/config';

// Three tiers: unit (contract + web logic), api (integration through app.inject on a real
// database: PGlite by default, PostgreSQL when DATABASE_URL is set). e2e runs in Playwright.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/contract/test/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // Builds the migrated, seeded database every test app starts from (apps/api/src/test/seeded-database.ts).
          globalSetup: ['apps/api/src/test/seed-image.ts'],
        },
      },
    ],
  },
});
