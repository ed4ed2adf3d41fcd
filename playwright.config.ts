import { defineConfig, devices } from '@playwright/test';
import type { ServerOptions } from './e2e/support/fixtures';

// End-to-end tests in Debian's Chromium against the real server (see e2e/support/global-setup.ts).
// Never `npx playwright install`: the browser comes from `apt-get install chromium`.
const CI = !!process.env.CI;

// Specs that compare whole-database figures (dashboard counts, list totals, the newest change, a
// user's activity count) with what the page shows: a spec creating rows at the same time would
// move them. They run one at a time on a server of their own ('solo'), beside the others.
const SOLO = [
  '**/admin-dashboard.spec.ts',
  '**/demo-admin-client-dashboard.spec.ts',
  '**/data-table.spec.ts',
  '**/shared-ui.spec.ts',
  '**/tones-portal.spec.ts',
  // Counts the page's reads over a time window: another spec's ingestion would add to them.
  '**/live-updates.spec.ts',
];
const SHORT_IDLE = '**/inactivity.spec.ts';
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

export default defineConfig<ServerOptions>({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/support/global-setup.ts',
  outputDir: './test-results/e2e-artifacts',
  // Two workers, a spec file at a time each: the specs on the main server make their own rows
  // (unique names, their own users and roles) and sign in from a state stored once per role
  // (e2e/support/auth-state.ts), so two files can run side by side. E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS) || 2,
  fullyParallel: false,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  // A retry runs at the end, alone, as every test did before the run had two workers.
  retryStrategy: 'isolated',
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
      // Debian's headless shell (package chromium-headless-shell, scripts/test.mjs installs it), the
      // browser Playwright itself drives headless: no browser UI and no GPU process beside each
      // browser, 10-15 % less time per test than the full Chromium on this 2-core machine.
      executablePath: process.env.CHROMIUM_PATH ?? HEADLESS_SHELL,
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
  // Solo and short-idle first: their files then start at once beside the main ones.
  projects: [
    { name: 'solo', testMatch: SOLO, workers: 1, use: { server: 'solo' } },
    { name: 'short-idle', testMatch: SHORT_IDLE, use: { server: 'short-idle' } },
    { name: 'main', testIgnore: [...SOLO, SHORT_IDLE], use: { server: 'main' } },
  ],
});
