// Test-only credentials and settings the harness gives the servers it starts. Specs read the
// same values, so there is one place to change them.
export const E2E = {
  adminEmail: 'admin@example.com',
  adminPassword: 'E2e-Admin-Pass-4821',
  demoPassword: 'E2e-Demo-Pass-7364',
  supportEmail: 'support@example.com',
  productSlug: 'platform',
  productName: 'Platform',
  /**
   * Inactivity timeout of the second server (the inactivity spec). The SPA warns during the
   * last 10 % of a short timeout; 30 s leaves a 3 s warning, long enough to run axe on the
   * dialog (8 s would leave 800 ms, too tight on a busy 2-core machine).
   */
  shortIdleMs: 30_000,
} as const;

export const USERS = {
  admin: { email: E2E.adminEmail, password: E2E.adminPassword, roleId: 1 },
  manager: { email: 'manager@example.com', password: E2E.demoPassword, roleId: 2 },
  agent: { email: 'agent@example.com', password: E2E.demoPassword, roleId: 3 },
  guest: { email: 'guest@example.com', password: E2E.demoPassword, roleId: 4 },
} as const;
export type UserKey = keyof typeof USERS;

/** Environment shared by every server the harness starts. */
export function serverEnv(smtpPort: number): Record<string, string> {
  return {
    SEED_DEMO: 'true',
    SEED_DEMO_PASSWORD: E2E.demoPassword,
    ADMIN_EMAIL: E2E.adminEmail,
    ADMIN_PASSWORD: E2E.adminPassword,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PRODUCT_SLUG: E2E.productSlug,
    PRODUCT_NAME: E2E.productName,
    SUPPORT_EMAIL: E2E.supportEmail,
    // One browser signs in many times a minute from 127.0.0.1; the limits are tested in the API tier.
    RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
    RATE_LIMIT_OTP_PER_MINUTE: '10000',
    RATE_LIMIT_RESET_PER_MINUTE: '10000',
  };
}
