import {
  API_PATHS,
  COOKIE_NAMES,
  emptyListResult,
  ERROR_MESSAGES,
  HEADER_NAMES,
  type ListResult,
  SERVER_MESSAGES,
} from '@console/contract';
import { readCookie } from './auth/cookies';
import { getSession } from './auth/session';
import { parseRetryAfter, reportServiceStatus } from './service-status';

/** Same-origin by default; VITE_API_BASE_URL lets the SPA talk to an API on another host. */
const API_BASE: string = (import.meta.env.VITE_API_BASE_URL ?? '/api').replace(/\/$/, '');

/** Whether the API is on this page's origin, so the browser sends it this origin's cookies. */
export const API_SAME_ORIGIN = API_BASE.startsWith('/') && !API_BASE.startsWith('//');

export type QueryValue = string | number | boolean | null | undefined;
type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type RequestOptions = {
  method?: HttpMethod;
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Spec s.2: every 401 goes to /token-expiry. Only the logout call opts out (its session may already be gone). */
  redirectOnUnauthorized?: boolean;
  responseType?: 'json' | 'blob' | 'text';
  /**
   * Upload progress of the request body (e.g. a media file): the call then goes through
   * XMLHttpRequest, as fetch reports no upload progress. Same answer, errors and CSRF handling.
   */
  onUploadProgress?: (progress: UploadProgress) => void;
};

/** Bytes of the request body sent so far; `total` is null when the browser cannot tell. */
export type UploadProgress = { loaded: number; total: number | null };

/** A non-2xx answer, parsed from the API's error shape {success:false, message, code, fieldErrors?}. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors?: Record<string, string>;
  readonly body: unknown;
  /** A 503's Retry-After, in milliseconds. */
  readonly retryAfterMs?: number;
  constructor(status: number, body: unknown, retryAfterMs?: number) {
    const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    const message = typeof record.message === 'string' && record.message ? record.message : ERROR_MESSAGES.generic;
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = typeof record.code === 'string' ? record.code : `HTTP_${status}`;
    this.body = body;
    if (retryAfterMs !== undefined) this.retryAfterMs = retryAfterMs;
    if (record.fieldErrors && typeof record.fieldErrors === 'object') {
      this.fieldErrors = record.fieldErrors as Record<string, string>;
    }
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * The 503 behind an error (readers wrap the API's error in their own, as `cause`): the service
 * cannot serve right now, whatever was asked, so it is retried or told as such, not as the
 * action's own failure.
 */
export function unavailableError(error: unknown): ApiError | undefined {
  for (let e = error, i = 0; e instanceof Error && i < 5; e = e.cause, i++) {
    if (isApiError(e) && e.status === 503) return e;
  }
  return undefined;
}

let onUnauthorized: () => void = () => {
  if (window.location.pathname !== '/token-expiry') window.location.assign('/token-expiry');
};

/** The router registers a client-side navigation here, so a 401 does not reload the page. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

const MUTATING: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// The token from the last /auth/csrf-token answer; needed when the API lives on another
// host, where its XSRF-TOKEN cookie is not readable by this page.
let csrfFromBody: string | null = null;
let csrfInFlight: Promise<string | null> | null = null;

function currentCsrfToken(): string | null {
  return readCookie(COOKIE_NAMES.csrf) ?? csrfFromBody;
}

/** GET /auth/csrf-token, at most one request in flight. Resolves null on failure. */
export function fetchCsrfToken(): Promise<string | null> {
  csrfInFlight ??= apiRequest<unknown>(API_PATHS.auth.csrfToken)
    .then((body) => {
      // Contract csrfResponseSchema: { data: string }. Read by hand to keep zod out of the entry chunk.
      const token = body && typeof body === 'object' ? (body as { data?: unknown }).data : undefined;
      csrfFromBody = typeof token === 'string' && token ? token : null;
      return currentCsrfToken();
    })
    .catch(() => null)
    .finally(() => {
      csrfInFlight = null;
    });
  return csrfInFlight;
}

/** Forget the remembered token (after logout or token expiry). */
export function resetCsrfToken(): void {
  csrfFromBody = null;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const text = params.toString();
  if (!text) return url;
  return url + (url.includes('?') ? '&' : '?') + text;
}

async function readBody(response: Response, type: RequestOptions['responseType']): Promise<unknown> {
  if (type === 'blob') return response.blob();
  const text = await response.text();
  if (type === 'text') return text;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function send(path: string, options: RequestOptions, csrfRetry: boolean): Promise<unknown> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const session = getSession();
  if (session) headers.Authorization = `Bearer ${session.accessToken}`;

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // the browser sets the multipart boundary
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  if (MUTATING.has(method)) {
    let token = currentCsrfToken();
    // Only calls made with a session need the token (docs/interfaces.md); fetch it once if missing.
    if (!token && session) token = await fetchCsrfToken();
    if (token) headers[HEADER_NAMES.csrf] = token;
  }

  const init: RequestInit = { method, headers, body, credentials: 'include', signal: options.signal };
  const url = buildUrl(path, options.query);
  const response =
    options.onUploadProgress && body !== undefined ? await xhrFetch(url, init, options.onUploadProgress) : await fetch(url, init);

  const retryAfterMs = response.status === 503 ? parseRetryAfter(response.headers.get('retry-after')) : undefined;
  reportServiceStatus(response.status, retryAfterMs);
  if (response.ok) return readBody(response, options.responseType);

  const errorBody = await readBody(response, 'json').catch(() => undefined);
  const error = new ApiError(response.status, errorBody, retryAfterMs);

  if (response.status === 401 && options.redirectOnUnauthorized !== false) onUnauthorized();

  // A stale CSRF token (server restart, new session) gets one fresh token and one retry.
  if (response.status === 403 && error.code === 'CSRF' && csrfRetry && session) {
    resetCsrfToken();
    const fresh = await fetchCsrfToken();
    if (fresh) return send(path, options, false);
  }
  throw error;
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * fetch() through XMLHttpRequest, for its upload progress events: resolves with a real Response
 * (so the caller reads it like any other), rejects with a TypeError on a network failure and an
 * AbortError when the signal aborts, as fetch does.
 */
function xhrFetch(url: string, init: RequestInit, onUploadProgress: (progress: UploadProgress) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const signal = init.signal;
    if (signal?.aborted) return reject(new DOMException('The operation was aborted.', 'AbortError'));
    xhr.open(init.method ?? 'GET', url);
    xhr.withCredentials = init.credentials === 'include';
    xhr.responseType = 'arraybuffer';
    for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => onUploadProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : null });
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      const status = xhr.status;
      resolve(
        new Response(NULL_BODY_STATUSES.has(status) ? null : (xhr.response as ArrayBuffer), {
          status,
          statusText: xhr.statusText,
          headers,
        }),
      );
    };
    xhr.onerror = () => {
      done();
      reject(new TypeError('Failed to fetch'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The operation was aborted.', 'AbortError'));
    };
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

/** One call to the API. Resolves with the parsed body; rejects with ApiError (HTTP) or the fetch error (network). */
function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  return send(path, options, true) as Promise<T>;
}

type NoMethod = Omit<RequestOptions, 'method' | 'body'>;
export const api = {
  get: <T = unknown>(path: string, options?: NoMethod) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: NoMethod) => apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: NoMethod) => apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: NoMethod) => apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: NoMethod) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** The server's message when it sent one, otherwise the caller's fallback (spec s.8). */
export function errorMessage(error: unknown, fallback: string = ERROR_MESSAGES.generic): string {
  // The service being away is not the action's failure: say so, whatever the action's own text.
  const unavailable = unavailableError(error);
  if (unavailable) return unavailable.message !== ERROR_MESSAGES.generic ? unavailable.message : SERVER_MESSAGES.unavailable;
  if (isApiError(error) && error.message && error.message !== ERROR_MESSAGES.generic) return error.message;
  return fallback;
}

/** Spec s.8: list reads catch failures and return empty data with totalPages 0. */
export async function readListOrEmpty<T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal): Promise<ListResult<T>> {
  try {
    const result = await api.get<ListResult<T>>(path, { query, signal });
    if (!result || !Array.isArray(result.data)) return emptyListResult<T>();
    return result;
  } catch (error) {
    // Not an empty list: the query retries it (lib/query-client.ts) while the notice shows.
    if (unavailableError(error)) throw error;
    return emptyListResult<T>();
  }
}

/**
 * Spec s.8: completed and pending-failed file reads return empty data on failure.
 * @public for the bulk-upload lists of issue 7 (not yet built).
 */
export async function readDataOrEmpty<T>(path: string, query?: Record<string, QueryValue>): Promise<{ data: T[] }> {
  try {
    const result = await api.get<{ data: T[] }>(path, { query });
    return result && Array.isArray(result.data) ? result : { data: [] };
  } catch (error) {
    if (unavailableError(error)) throw error;
    return { data: [] };
  }
}
