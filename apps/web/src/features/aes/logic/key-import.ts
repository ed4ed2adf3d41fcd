import { type AesMode, type Bytes, IV_BYTES, isKeyLength } from './aes-cipher';
import { type ByteEncoding, type InputEncoding, parseBytes } from './encoding';

/** An existing key (and optionally IV) pasted into the import form. */
export type ImportInput = { key: string; iv: string; encoding: InputEncoding; mode: AesMode };
export type ImportErrors = { key?: string; iv?: string };
/** `iv: null` means "none given: generate a fresh one". */
export type ImportResult = { ok: true; key: Bytes; iv: Bytes | null } | { ok: false; errors: ImportErrors };

const ENCODING_NAME: Record<ByteEncoding, string> = { hex: 'hex', base64: 'base64' };
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Hex and base64 lengths of n bytes, for messages that say what to paste. */
export function encodedLengths(bytes: number): string {
  return `${bytes * 2} hex or ${Math.ceil(bytes / 3) * 4} base64 characters`;
}

function keyLengthError(bytes: number): string | null {
  if (isKeyLength(bytes)) return null;
  return `A key must be 16, 24 or 32 bytes (AES-128, 192 or 256); this one is ${plural(bytes, 'byte')}.`;
}

function ivLengthError(mode: AesMode, bytes: number): string | null {
  const expected = IV_BYTES[mode];
  if (bytes === expected) return null;
  return `A ${mode} IV must be ${expected} bytes (${encodedLengths(expected)}); this one is ${plural(bytes, 'byte')}.`;
}

/** A short note under a field as the user types: what was read, or why it cannot be read. */
export function describeInput(text: string, encoding: InputEncoding): string | null {
  if (!text.trim()) return null;
  const parsed = parseBytes(text, encoding);
  if (!parsed.ok) return null;
  return `Read as ${ENCODING_NAME[parsed.encoding]}: ${plural(parsed.bytes.length, 'byte')}`;
}

/** Validates the import form; every field gets its own message, nothing is half-applied. */
export function validateImport({ key, iv, encoding, mode }: ImportInput): ImportResult {
  const errors: ImportErrors = {};
  let keyBytes: Bytes | null = null;
  let ivBytes: Bytes | null = null;

  if (!key.trim()) {
    errors.key = 'Key is required';
  } else {
    const parsed = parseBytes(key, encoding);
    if (!parsed.ok) errors.key = parsed.error;
    else {
      const lengthError = keyLengthError(parsed.bytes.length);
      if (lengthError) errors.key = lengthError;
      else keyBytes = parsed.bytes;
    }
  }

  if (iv.trim()) {
    const parsed = parseBytes(iv, encoding);
    if (!parsed.ok) errors.iv = parsed.error;
    else {
      const lengthError = ivLengthError(mode, parsed.bytes.length);
      if (lengthError) errors.iv = lengthError;
      else ivBytes = parsed.bytes;
    }
  }

  if (errors.key || errors.iv || !keyBytes) return { ok: false, errors };
  return { ok: true, key: keyBytes, iv: ivBytes };
}
