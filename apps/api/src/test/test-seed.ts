import type { Config } from '../config.js';

export const ADMIN = { email: 'admin@example.com', password: 'Admin-Test-Pass-931' };
export const DEMO_PASSWORD = 'Demo-Test-Pass-482';

/** What the test apps seed: the demo users and requests, no demo content (tests count their own rows). */
export const TEST_SEED = {
  seedDemo: true,
  seedDemoContent: false,
  seedDemoPassword: DEMO_PASSWORD,
  adminEmail: ADMIN.email,
  adminPassword: ADMIN.password,
  productSlug: 'platform',
  productName: 'Platform',
} satisfies Partial<Config>;
