// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  type AesMode,
  type Bytes,
  DECRYPT_FAILED,
  decrypt,
  encrypt,
  generateIv,
  generateKey,
  IV_BYTES,
  type KeyMaterial,
} from './aes-cipher';
import { fromHex, toHex, utf8Decode, utf8Encode } from './encoding';

const hex = (text: string): Bytes => {
  const parsed = fromHex(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.bytes;
};
const material = (key: string, iv: string, mode: AesMode): KeyMaterial => ({ key: hex(key), iv: hex(iv), mode });

const webSubtle = globalThis.crypto.subtle;
/** Chromium's Web Crypto: refuses 192-bit keys ("192-bit AES keys are not supported"). */
const chromiumLikeSubtle: Pick<SubtleCrypto, 'importKey' | 'encrypt' | 'decrypt'> = {
  importKey: ((...args: Parameters<SubtleCrypto['importKey']>) => {
    const raw = args[1] as Uint8Array;
    if (raw.byteLength === 24) return Promise.reject(new DOMException('192-bit AES keys are not supported', 'OperationError'));
    return webSubtle.importKey(...args);
  }) as SubtleCrypto['importKey'],
  encrypt: (...args) => webSubtle.encrypt(...args),
  decrypt: (...args) => webSubtle.decrypt(...args),
};
// Every known-answer test runs on both implementations the tool may pick.
const engines = [
  { name: 'Web Crypto', subtle: webSubtle, engine: 'web-crypto' },
  { name: '@noble/ciphers (no crypto.subtle: plain-HTTP page)', subtle: null, engine: 'noble' },
] as const;

// The GCM specification's test cases (McGrew & Viega, "The Galois/Counter Mode of Operation",
// as used by NIST CAVP): 1 and 2 (zero key), 3, 9 and 15 (AES-128, 192, 256).
const GCM_P =
  'd9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255';
const GCM_IV = 'cafebabefacedbaddecaf888';
const GCM_K = 'feffe9928665731c6d6a8f9467308308';
const GCM_VECTORS = [
  {
    name: 'test case 1 (AES-128, empty text)',
    key: '00'.repeat(16),
    iv: '00'.repeat(12),
    p: '',
    c: '',
    tag: '58e2fccefa7e3061367f1d57a4e7455a',
  },
  {
    name: 'test case 2 (AES-128, one zero block)',
    key: '00'.repeat(16),
    iv: '00'.repeat(12),
    p: '00'.repeat(16),
    c: '0388dace60b6a392f328c2b971b2fe78',
    tag: 'ab6e47d42cec13bdf53a67b21257bddf',
  },
  {
    name: 'test case 3 (AES-128)',
    key: GCM_K,
    iv: GCM_IV,
    p: GCM_P,
    tag: '4d5c2af327cd64a62cf35abd2ba6fab4',
    c: '42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985',
  },
  {
    name: 'test case 9 (AES-192)',
    key: `${GCM_K}feffe9928665731c`,
    iv: GCM_IV,
    p: GCM_P,
    tag: '9924a7c8587336bfb118024db8674a14',
    c: '3980ca0b3c00e841eb06fac4872a2757859e1ceaa6efd984628593b40ca1e19c7d773d00c144c525ac619d18c84a3f4718e2448b2fe324d9ccda2710acade256',
  },
  {
    name: 'test case 15 (AES-256)',
    key: GCM_K + GCM_K,
    iv: GCM_IV,
    p: GCM_P,
    tag: 'b094dac5d93471bdec1a502270e3cc6c',
    c: '522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad',
  },
];

// NIST SP 800-38A F.2.1, F.2.3, F.2.5 (CBC-AES128/192/256.Encrypt). The vectors have no padding;
// Web Crypto always adds PKCS#7, so the four blocks are followed by one block of padding.
const CBC_IV = '000102030405060708090a0b0c0d0e0f';
const CBC_P =
  '6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710';
const CBC_VECTORS = [
  {
    name: 'F.2.1 CBC-AES128',
    key: '2b7e151628aed2a6abf7158809cf4f3c',
    c: '7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b273bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7',
  },
  {
    name: 'F.2.3 CBC-AES192',
    key: '8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b',
    c: '4f021db243bc633d7178183a9fa071e8b4d9ada9ad7dedf4e5e738763f69145a571b242012fb7ae07fa9baac3df102e008b0e27988598881d920a9e64f5615cd',
  },
  {
    name: 'F.2.5 CBC-AES256',
    key: '603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4',
    c: 'f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b',
  },
];

describe.each(engines)('AES with $name', ({ subtle, engine }) => {
  it.each(GCM_VECTORS)('GCM $name: ciphertext followed by the 16-byte tag, and back', async ({ key, iv, p, c, tag }) => {
    const m = material(key, iv, 'GCM');
    const encrypted = await encrypt(m, hex(p), subtle);
    expect(encrypted.engine).toBe(engine);
    expect(toHex(encrypted.ciphertext)).toBe(c + tag);
    const decrypted = await decrypt(m, hex(c + tag), subtle);
    expect(decrypted).toEqual({ ok: true, plaintext: hex(p), engine });
  });

  it.each(CBC_VECTORS)('CBC $name with PKCS#7 padding, and back', async ({ key, c }) => {
    const m = material(key, CBC_IV, 'CBC');
    const encrypted = await encrypt(m, hex(CBC_P), subtle);
    expect(encrypted.ciphertext.length).toBe(80);
    expect(toHex(encrypted.ciphertext.slice(0, 64))).toBe(c);
    expect(await decrypt(m, encrypted.ciphertext, subtle)).toEqual({ ok: true, plaintext: hex(CBC_P), engine });
  });

  it('pads CBC to the next whole block (1 to 16 bytes of padding)', async () => {
    const m = material(CBC_VECTORS[0].key, CBC_IV, 'CBC');
    for (const [length, padded] of [
      [0, 16],
      [1, 16],
      [15, 16],
      [16, 32],
      [17, 32],
    ]) {
      const { ciphertext } = await encrypt(m, new Uint8Array(length), subtle);
      expect(ciphertext.length, `${length} bytes`).toBe(padded);
    }
  });

  it('reports a changed tag, ciphertext, key or IV as a message instead of throwing', async () => {
    const m = material(GCM_K, GCM_IV, 'GCM');
    const { ciphertext } = await encrypt(m, utf8Encode('attack at dawn'), subtle);
    const flipped = ciphertext.slice();
    flipped[flipped.length - 1] ^= 1;
    expect(await decrypt(m, flipped, subtle)).toEqual({ ok: false, error: DECRYPT_FAILED.GCM });
    expect(await decrypt({ ...m, iv: generateIv('GCM') }, ciphertext, subtle)).toEqual({ ok: false, error: DECRYPT_FAILED.GCM });
    expect(await decrypt(m, ciphertext.slice(0, 10), subtle)).toMatchObject({
      ok: false,
      error: expect.stringContaining('at least 16 bytes'),
    });

    const c = material(CBC_VECTORS[2].key, CBC_IV, 'CBC');
    const cbcCipher = (await encrypt(c, utf8Encode('attack at dawn'), subtle)).ciphertext;
    expect(await decrypt(c, cbcCipher.slice(0, 15), subtle)).toMatchObject({
      ok: false,
      error: expect.stringContaining('whole number of 16-byte blocks'),
    });
    expect(await decrypt(c, new Uint8Array(0), subtle)).toMatchObject({ ok: false });
    // A wrong key almost always breaks the padding; when it does not, the text is garbage, never the input.
    const wrong = await decrypt({ ...c, key: generateKey(256) }, cbcCipher, subtle);
    if (wrong.ok) expect(utf8Decode(wrong.plaintext)).not.toBe('attack at dawn');
    else expect(wrong.error).toBe(DECRYPT_FAILED.CBC);
  });
});

describe('choosing the implementation', () => {
  it('uses Web Crypto where it can, and @noble/ciphers for 192-bit keys in Chromium, with the same output', async () => {
    const gcm192 = material(GCM_VECTORS[3].key, GCM_IV, 'GCM');
    const viaChromium = await encrypt(gcm192, hex(GCM_P), chromiumLikeSubtle);
    expect(viaChromium.engine).toBe('noble');
    expect(toHex(viaChromium.ciphertext)).toBe(GCM_VECTORS[3].c + GCM_VECTORS[3].tag);
    expect((await decrypt(gcm192, viaChromium.ciphertext, chromiumLikeSubtle)).ok).toBe(true);
    const gcm256 = material(GCM_VECTORS[4].key, GCM_IV, 'GCM');
    expect((await encrypt(gcm256, hex(GCM_P), chromiumLikeSubtle)).engine).toBe('web-crypto');
  });

  it('refuses key and IV lengths that do not fit the mode (the form validates first)', async () => {
    await expect(encrypt(material('00'.repeat(20), GCM_IV, 'GCM'), new Uint8Array(1))).rejects.toThrow(RangeError);
    await expect(encrypt(material(GCM_K, GCM_IV, 'CBC'), new Uint8Array(1))).rejects.toThrow(RangeError);
  });
});

describe('generation', () => {
  it('makes keys of the chosen size and IVs of the mode length, different every time', () => {
    expect([128, 192, 256].map((bits) => generateKey(bits as 128 | 192 | 256).length)).toEqual([16, 24, 32]);
    expect(generateIv('GCM').length).toBe(IV_BYTES.GCM);
    expect(generateIv('CBC').length).toBe(16);
    const keys = new Set(Array.from({ length: 50 }, () => toHex(generateKey(256))));
    expect(keys.size).toBe(50);
  });
});
