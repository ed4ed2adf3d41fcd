// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { toBase64, toHex } from './encoding';
import { describeInput, encodedLengths, validateImport } from './key-import';

const key128 = '000102030405060708090a0b0c0d0e0f';
const iv12 = 'cafebabefacedbaddecaf888';

describe('importing a key and IV', () => {
  it('accepts hex and base64 keys of 16, 24 and 32 bytes, with or without an IV', () => {
    for (const length of [16, 24, 32]) {
      const key = new Uint8Array(length).map((_, i) => i * 7);
      for (const text of [toHex(key), toBase64(key)]) {
        const result = validateImport({ key: text, iv: '', encoding: 'auto', mode: 'GCM' });
        expect(result).toEqual({ ok: true, key, iv: null });
      }
    }
    const withIv = validateImport({ key: key128, iv: iv12, encoding: 'hex', mode: 'GCM' });
    expect(withIv.ok && toHex(withIv.iv!)).toBe(iv12);
  });

  it('names the field, the expected length and the length it got', () => {
    expect(validateImport({ key: '  ', iv: '', encoding: 'auto', mode: 'GCM' })).toEqual({ ok: false, errors: { key: 'Key is required' } });
    expect(validateImport({ key: '0011', iv: '', encoding: 'auto', mode: 'GCM' })).toEqual({
      ok: false,
      errors: { key: 'A key must be 16, 24 or 32 bytes (AES-128, 192 or 256); this one is 2 bytes.' },
    });
    expect(validateImport({ key: key128, iv: iv12, encoding: 'auto', mode: 'CBC' })).toEqual({
      ok: false,
      errors: { iv: 'A CBC IV must be 16 bytes (32 hex or 24 base64 characters); this one is 12 bytes.' },
    });
    expect(validateImport({ key: 'xyz!', iv: 'ab', encoding: 'auto', mode: 'GCM' })).toEqual({
      ok: false,
      errors: { key: 'Not valid hex or base64', iv: 'A GCM IV must be 12 bytes (24 hex or 16 base64 characters); this one is 1 byte.' },
    });
  });

  it('follows the chosen encoding: 32 hex digits read as base64 are a 24-byte key', () => {
    const result = validateImport({ key: key128, iv: '', encoding: 'base64', mode: 'GCM' });
    expect(result.ok && result.key.length).toBe(24);
    expect(validateImport({ key: toBase64(new Uint8Array(16)), iv: '', encoding: 'hex', mode: 'GCM' })).toMatchObject({ ok: false });
  });

  it('describes what it read while typing', () => {
    expect(describeInput(key128, 'auto')).toBe('Read as hex: 16 bytes');
    expect(describeInput('AA==', 'auto')).toBe('Read as base64: 1 byte');
    expect(describeInput('', 'auto')).toBeNull();
    expect(describeInput('??', 'auto')).toBeNull();
    expect(encodedLengths(32)).toBe('64 hex or 44 base64 characters');
  });
});
