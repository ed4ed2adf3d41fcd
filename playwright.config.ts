import { defineConfig, devices } from '@playwright/test';
import type { ServerOptions } from './e2e/support/fixtures';

// End-to-end tests in Debian's Chromium against the real server (see e2e/support/global-setup.ts).
// Never `npx playwright install`: the browser comes from `apt-get install chromium`.
const CI = !!process.env.CI;

export default defineConfig<ServerOptions>({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/support/global-setup.ts',
  outputDir: './test-results/e2e-artifacts',
  // The specs share one seeded database and its users; one worker also suits the 2-core machines.
  workers: 1,
  fullyParallel: false,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? 'test-results/e2e.json' }],
    ['html', { open: 'never', outputFolder: 'playwright-report' }],
  ],
  use: {
    ...devices['Desktop Chrome'],
    // baseURL is set per project by e2e/support/fixtures.ts from the servers global setup started
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    video: 'off',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'main', testIgnore: '**/inactivity.spec.ts', use: { server: 'main' } },
    { name: 'short-idle', testMatch: '**/inactivity.spec.ts', use: { server: 'short-idle' } },
  ],
});
