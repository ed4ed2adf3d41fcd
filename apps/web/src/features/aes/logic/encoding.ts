/**
 * Byte <-> text conversions of the AES tool: hex, base64 and UTF-8. Hand-written because
 * Uint8Array.toHex/fromBase64 are not in every supported browser nor in Node 20.
 */

export type ByteEncoding = 'hex' | 'base64';
/** How pasted text is read: 'auto' takes hex when the text is hex, else base64. */
export type InputEncoding = ByteEncoding | 'auto';

export type ParsedBytes = { ok: true; bytes: Uint8Array<ArrayBuffer>; encoding: ByteEncoding } | { ok: false; error: string };

export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const HEX = /^(?:0x)?([0-9a-f]*)$/i;
// Standard and URL-safe alphabets; padding optional.
const BASE64 = /^[A-Za-z0-9+/\-_]*={0,2}$/;

/** Whitespace is ignored anywhere (keys are often pasted wrapped or grouped). */
const compact = (text: string) => text.replace(/\s+/g, '');

export function isHex(text: string): boolean {
  const match = HEX.exec(compact(text));
  return Boolean(match && match[1].length > 0 && match[1].length % 2 === 0);
}

export function fromHex(text: string): ParsedBytes {
  const match = HEX.exec(compact(text));
  if (!match) return { ok: false, error: 'Not valid hex: use only 0-9 and a-f' };
  const digits = match[1];
  if (digits.length % 2 !== 0) return { ok: false, error: 'Not valid hex: an odd number of digits' };
  const bytes = new Uint8Array(digits.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(digits.slice(i * 2, i * 2 + 2), 16);
  return { ok: true, bytes, encoding: 'hex' };
}

export function fromBase64(text: string): ParsedBytes {
  const clean = compact(text);
  const body = clean.replace(/=+$/, '');
  if (!BASE64.test(clean) || body.length % 4 === 1) {
    return { ok: false, error: 'Not valid base64: use A-Z, a-z, 0-9, + and / (or - and _), with = padding at the end only' };
  }
  const standard = body.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '='));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return { ok: true, bytes, encoding: 'base64' };
}

/** Reads pasted bytes. An empty field is an error the caller words ("Key is required"). */
export function parseBytes(text: string, encoding: InputEncoding): ParsedBytes {
  if (encoding === 'hex') return fromHex(text);
  if (encoding === 'base64') return fromBase64(text);
  // Auto: a string of hex digits is far more likely hex than base64 that happens to avoid g-z.
  if (isHex(text)) return fromHex(text);
  const base64 = fromBase64(text);
  return base64.ok ? base64 : { ok: false, error: 'Not valid hex or base64' };
}

const encoder = new TextEncoder();

export const utf8Encode = (text: string): Uint8Array<ArrayBuffer> => encoder.encode(text);

/** UTF-8 text, or null when the bytes are not UTF-8 (e.g. decrypted with a wrong CBC key that happened to pad well). */
export function utf8Decode(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
