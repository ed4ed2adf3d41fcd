import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe: access tokens, challenge tokens and reset tokens all use this. */
export const newToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored only as their SHA-256; a leaked table does not give working tokens. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const hmac = (key: string, value: string) => createHmac('sha256', key).update(value).digest('base64url');

/** A uniformly random numeric code with leading zeros kept. */
export const newNumericCode = (length: number) => Array.from({ length }, () => String(randomInt(0, 10))).join('');

/** Constant-time string comparison (lengths are not secret). */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** The CSRF token is derived from the secret access token, so nothing extra is stored. */
export const csrfTokenFor = (accessToken: string, sessionId: string) => hmac(accessToken, `csrf:${sessionId}`);
