import { type AppConfig, INACTIVITY_TIMEOUT_MS } from '@console/contract';

/** Defaults match the API's (DESIGN.md s.4); used under the Vite dev server, where the placeholder stays. */
export const DEFAULT_APP_CONFIG: AppConfig = {
  productSlug: 'platform',
  productName: 'Platform',
  supportEmail: 'support@example.com',
  inactivityTimeoutMs: INACTIVITY_TIMEOUT_MS,
};

const text = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() ? value : fallback);

/**
 * Parses the server-written meta content (contract appConfigSchema's shape); anything
 * unreadable falls back to the defaults. Checked by hand rather than with zod: this runs in
 * the entry chunk, which has to stay small for /login.
 */
export function parseAppConfig(content: string | null | undefined): AppConfig {
  if (!content || content === '__APP_CONFIG__') return DEFAULT_APP_CONFIG;
  try {
    const raw = JSON.parse(content) as Record<string, unknown> | null;
    if (!raw || typeof raw !== 'object') return DEFAULT_APP_CONFIG;
    const timeout = raw.inactivityTimeoutMs;
    return {
      productSlug: text(raw.productSlug, DEFAULT_APP_CONFIG.productSlug),
      productName: text(raw.productName, DEFAULT_APP_CONFIG.productName),
      supportEmail: text(raw.supportEmail, DEFAULT_APP_CONFIG.supportEmail),
      inactivityTimeoutMs:
        typeof timeout === 'number' && Number.isInteger(timeout) && timeout > 0 ? timeout : DEFAULT_APP_CONFIG.inactivityTimeoutMs,
    };
  } catch {
    return DEFAULT_APP_CONFIG;
  }
}

let cached: AppConfig | undefined;

/** Public configuration from <meta name="app-config">, read once. */
export function getAppConfig(): AppConfig {
  if (!cached) {
    const meta = typeof document === 'undefined' ? null : document.querySelector('meta[name="app-config"]');
    cached = parseAppConfig(meta?.getAttribute('content'));
  }
  return cached;
}
