import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { clearAllCookies } from '../../../lib/auth/cookies';
import { regenerateApiKey } from './regenerate-api-key';

const respond = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status }));

beforeEach(() => {
  clearAllCookies();
  document.cookie = 'XSRF-TOKEN=csrf-1; path=/';
  document.cookie = `userDetails=${encodeURIComponent(JSON.stringify({ accessToken: 't', user: { id: 1, email: 'a@b.co' } }))}; path=/`;
  setUnauthorizedHandler(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('regenerateApiKey', () => {
  it('PATCHes with an empty body and the CSRF header, and passes the key through', async () => {
    const fetch = respond(200, { responseType: true, message: 'API key regenerated.', apiKey: 'ck_abc' });
    vi.stubGlobal('fetch', fetch);
    await expect(regenerateApiKey(7)).resolves.toEqual({ responseType: true, message: 'API key regenerated.', apiKey: 'ck_abc' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/7/regenerate-api-key');
    expect(init.method).toBe('PATCH');
    expect(init.body).toBeUndefined();
    expect(new Headers(init.headers).get('x-xsrf-token')).toBe('csrf-1');
  });

  it("resolves the spec's failure instead of throwing (s.8)", async () => {
    vi.stubGlobal('fetch', respond(403, { success: false, code: 'FORBIDDEN', message: 'You do not have permission' }));
    await expect(regenerateApiKey(7)).resolves.toEqual({ responseType: false, message: 'Failed to regenerate API key' });
  });

  it('treats an answer without a key as a failure (nothing to show once)', async () => {
    vi.stubGlobal('fetch', respond(200, { responseType: true, message: 'ok' }));
    await expect(regenerateApiKey(7)).resolves.toEqual({ responseType: false, message: 'Failed to regenerate API key' });
  });
});
