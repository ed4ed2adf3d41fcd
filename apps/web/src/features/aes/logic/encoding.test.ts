// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fromBase64, fromHex, isHex, parseBytes, toBase64, toHex, utf8Decode, utf8Encode } from './encoding';

const bytes = (...values: number[]) => new Uint8Array(values);
const ok = (result: ReturnType<typeof parseBytes>) => {
  if (!result.ok) throw new Error(result.error);
  return result;
};

describe('hex and base64', () => {
  it('writes lower-case hex and padded standard base64 (RFC 4648 test vectors)', () => {
    expect(toHex(bytes(0, 1, 0xab, 0xff))).toBe('0001abff');
    expect(toHex(bytes())).toBe('');
    // RFC 4648 s.10
    const cases: [string, string][] = [
      ['', ''],
      ['f', 'Zg=='],
      ['fo', 'Zm8='],
      ['foo', 'Zm9v'],
      ['foob', 'Zm9vYg=='],
      ['fooba', 'Zm9vYmE='],
      ['foobar', 'Zm9vYmFy'],
    ];
    for (const [text, base64] of cases) {
      expect(toBase64(utf8Encode(text))).toBe(base64);
      expect(utf8Decode(ok(fromBase64(base64)).bytes)).toBe(text);
    }
  });

  it('round-trips every byte value', () => {
    const all = new Uint8Array(256).map((_, i) => i);
    expect(ok(fromHex(toHex(all))).bytes).toEqual(all);
    expect(ok(fromBase64(toBase64(all))).bytes).toEqual(all);
  });

  it('reads hex in either case, with 0x and whitespace', () => {
    expect(ok(fromHex('0xDE ad\nBE ef')).bytes).toEqual(bytes(0xde, 0xad, 0xbe, 0xef));
    expect(fromHex('abc')).toEqual({ ok: false, error: 'Not valid hex: an odd number of digits' });
    expect(fromHex('zz')).toMatchObject({ ok: false, error: expect.stringContaining('0-9 and a-f') });
  });

  it('reads URL-safe and unpadded base64, refuses other characters and impossible lengths', () => {
    expect(ok(fromBase64('-_8')).bytes).toEqual(bytes(0xfb, 0xff));
    expect(ok(fromBase64('+/8=')).bytes).toEqual(bytes(0xfb, 0xff));
    expect(ok(fromBase64('Zm9v\r\nYmFy')).bytes).toEqual(utf8Encode('foobar'));
    expect(fromBase64('Zm9v!')).toMatchObject({ ok: false });
    expect(fromBase64('Z=m9')).toMatchObject({ ok: false });
    expect(fromBase64('Zm9vY')).toMatchObject({ ok: false }); // 5 characters cannot be base64
  });

  it('auto-detects hex first, then base64, and says when it is neither', () => {
    expect(isHex('00ff')).toBe(true);
    expect(isHex('0ff')).toBe(false);
    expect(ok(parseBytes('00ff', 'auto'))).toMatchObject({ encoding: 'hex', bytes: bytes(0, 255) });
    expect(ok(parseBytes('AP8=', 'auto'))).toMatchObject({ encoding: 'base64', bytes: bytes(0, 255) });
    // The same text read as base64 when the user says so
    expect(ok(parseBytes('00ff', 'base64')).bytes).toEqual(bytes(0xd3, 0x47, 0xdf));
    expect(parseBytes('not base64!', 'auto')).toEqual({ ok: false, error: 'Not valid hex or base64' });
    expect(parseBytes('AP8=', 'hex')).toMatchObject({ ok: false });
  });

  it('decodes UTF-8 strictly', () => {
    const text = 'Grüße 你好 👋';
    expect(utf8Decode(utf8Encode(text))).toBe(text);
    expect(utf8Decode(bytes(0xff, 0xfe, 0x80))).toBeNull();
  });
});
