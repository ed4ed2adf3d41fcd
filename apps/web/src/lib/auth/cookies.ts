/** Minimal cookie helpers: the SPA keeps userDetails itself and reads the API's XSRF-TOKEN / x-session-id. */

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) {
      try {
        return decodeURIComponent(item.slice(prefix.length));
      } catch {
        return item.slice(prefix.length);
      }
    }
  }
  return null;
}

export type CookieOptions = {
  /** Lifetime in seconds; omitted = a browser-session cookie that ends with the browser. */
  maxAgeSeconds?: number;
};

export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Lax'];
  if (options.maxAgeSeconds !== undefined) parts.push(`max-age=${Math.floor(options.maxAgeSeconds)}`);
  if (window.location.protocol === 'https:') parts.push('Secure');
  document.cookie = parts.join('; ');
}

export function removeCookie(name: string): void {
  // Expire on the paths a cookie may have been set with (the API sets its cookies on /).
  for (const path of ['/', '/api']) {
    document.cookie = `${encodeURIComponent(name)}=; path=${path}; max-age=0; SameSite=Lax`;
  }
}

/** Spec s.4: logout and token expiry "clear all cookies" readable by the page. */
export function clearAllCookies(): void {
  if (typeof document === 'undefined') return;
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) removeCookie(decodeURIComponent(name));
  }
}
