import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_CONFIG, parseAppConfig } from './app-config';

describe('parseAppConfig', () => {
  it('uses the defaults while the placeholder is still there (Vite dev server)', () => {
    expect(parseAppConfig('__APP_CONFIG__')).toEqual(DEFAULT_APP_CONFIG);
    expect(parseAppConfig(null)).toEqual(DEFAULT_APP_CONFIG);
  });
  it('reads what the server wrote', () => {
    const written = { productSlug: 'acme', productName: 'Acme', supportEmail: 'help@acme.test', inactivityTimeoutMs: 5000 };
    expect(parseAppConfig(JSON.stringify(written))).toEqual(written);
  });
  it('keeps defaults for missing or broken values', () => {
    expect(parseAppConfig('{"productName":"Acme","inactivityTimeoutMs":-1}')).toEqual({ ...DEFAULT_APP_CONFIG, productName: 'Acme' });
    expect(parseAppConfig('{not json')).toEqual(DEFAULT_APP_CONFIG);
  });
});
