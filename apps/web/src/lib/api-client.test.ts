import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, errorMessage, readListOrEmpty, resetCsrfToken, setUnauthorizedHandler } from './api-client';
import { clearAllCookies } from './auth/cookies';

type Call = { url: string; init: RequestInit };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function mockFetch(...responses: Array<Response | ((call: Call) => Response)>) {
  const calls: Call[] = [];
  const fn = vi.fn(async (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    const next = responses.shift();
    if (!next) throw new Error(`unexpected request ${init.method} ${url}`);
    return typeof next === 'function' ? next(call) : next;
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

const header = (call: Call, name: string) => new Headers(call.init.headers).get(name);
const signIn = () => {
  document.cookie = `userDetails=${encodeURIComponent(JSON.stringify({ accessToken: 'tok-1', user: { email: 'a@b.co', roleId: 2 } }))}; path=/`;
};

beforeEach(() => {
  clearAllCookies();
  resetCsrfToken();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => undefined);
});

describe('api client: requests', () => {
  it('calls /api with JSON, credentials and the bearer token of the userDetails cookie', async () => {
    signIn();
    const calls = mockFetch(json(200, { data: [] }));
    await api.get('/modules', { query: { page: 2, search: '', limit: undefined } });
    expect(calls[0].url).toBe('/api/modules?page=2');
    expect(calls[0].init.credentials).toBe('include');
    expect(header(calls[0], 'authorization')).toBe('Bearer tok-1');
    expect(header(calls[0], 'x-xsrf-token')).toBeNull();
  });

  it('sends no bearer without a session', async () => {
    const calls = mockFetch(json(200, {}));
    await api.post('/auth/login', { email: 'a@b.co', password: 'secret1' });
    expect(header(calls[0], 'authorization')).toBeNull();
    expect(header(calls[0], 'content-type')).toBe('application/json');
    expect(calls[0].init.body).toBe(JSON.stringify({ email: 'a@b.co', password: 'secret1' }));
  });
});

describe('api client: 401', () => {
  it('sends the browser to /token-expiry and rejects with the parsed error', async () => {
    signIn();
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockFetch(json(401, { success: false, message: 'Your session has expired. Please sign in again', code: 'UNAUTHENTICATED' }));
    const error = await api.get('/modules').catch((e: unknown) => e);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHENTICATED', message: 'Your session has expired. Please sign in again' });
  });

  it('lets the logout call opt out of the redirect', async () => {
    signIn();
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockFetch(json(200, { data: 'csrf-1' }), json(401, { success: false, message: 'x', code: 'UNAUTHENTICATED' }));
    await api.post('/auth/logout', undefined, { redirectOnUnauthorized: false }).catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not redirect on other errors and keeps field errors', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockFetch(
      json(400, { success: false, message: 'Invalid email or password', code: 'INVALID_CREDENTIALS', fieldErrors: { email: 'bad' } }),
    );
    const error = (await api.post('/auth/login', {}).catch((e: unknown) => e)) as ApiError;
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(error.fieldErrors).toEqual({ email: 'bad' });
  });

  it("falls back to 'Something Went Wrong!' when the body has no message", async () => {
    mockFetch(new Response('<html>bad gateway</html>', { status: 502 }));
    const error = (await api.get('/health').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Something Went Wrong!');
    expect(errorMessage(error, 'fallback')).toBe('fallback');
  });
});

describe('api client: CSRF', () => {
  it('copies the XSRF-TOKEN cookie into x-xsrf-token on mutating calls', async () => {
    signIn();
    document.cookie = 'XSRF-TOKEN=cookie-token; path=/';
    const calls = mockFetch(json(200, { success: true }));
    await api.patch('/users/update/1', { a: 1 });
    expect(calls).toHaveLength(1);
    expect(header(calls[0], 'x-xsrf-token')).toBe('cookie-token');
  });

  it('fetches /auth/csrf-token once first when the cookie is missing', async () => {
    signIn();
    const calls = mockFetch(json(200, { data: 'fresh-token' }), json(200, { ok: 1 }), json(200, { ok: 2 }));
    await Promise.all([api.post('/auth/heartbeat'), api.delete('/roles/delete/3')]);
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      'GET /api/auth/csrf-token',
      'POST /api/auth/heartbeat',
      'DELETE /api/roles/delete/3',
    ]);
    expect(header(calls[1], 'x-xsrf-token')).toBe('fresh-token');
    expect(header(calls[2], 'x-xsrf-token')).toBe('fresh-token');
  });

  it('does not fetch a token for calls made without a session', async () => {
    const calls = mockFetch(json(200, { responseType: true }));
    await api.post('/auth/login', {});
    expect(calls).toHaveLength(1);
    expect(header(calls[0], 'x-xsrf-token')).toBeNull();
  });

  it('gets a fresh token and retries once when the API refuses the token', async () => {
    signIn();
    document.cookie = 'XSRF-TOKEN=stale; path=/';
    const calls = mockFetch(
      json(403, { success: false, message: 'Invalid or missing CSRF token', code: 'CSRF' }),
      () => {
        document.cookie = 'XSRF-TOKEN=renewed; path=/';
        return json(200, { data: 'renewed' });
      },
      json(200, { success: true }),
    );
    await expect(api.post('/auth/heartbeat')).resolves.toEqual({ success: true });
    expect(header(calls[0], 'x-xsrf-token')).toBe('stale');
    expect(header(calls[2], 'x-xsrf-token')).toBe('renewed');
  });

  it('gives up after one retry', async () => {
    signIn();
    document.cookie = 'XSRF-TOKEN=stale; path=/';
    const refused = () => json(403, { success: false, message: 'Invalid or missing CSRF token', code: 'CSRF' });
    mockFetch(refused(), json(200, { data: 'still-bad' }), refused());
    await expect(api.post('/auth/heartbeat')).rejects.toMatchObject({ status: 403, code: 'CSRF' });
  });
});

describe('fallback helpers', () => {
  it('returns an empty list result when a list read fails', async () => {
    mockFetch(json(500, { success: false, message: 'boom', code: 'INTERNAL' }));
    await expect(readListOrEmpty('/users', { page: 1 })).resolves.toEqual({ data: [], total: 0, totalPages: 0 });
  });
});
