import { cbc, gcm } from '@noble/ciphers/aes.js';

/**
 * AES key/IV generation and encryption for the AES tool, all inside the browser.
 *
 * Web Crypto does the work. Chromium's Web Crypto refuses 192-bit AES keys ("192-bit AES keys
 * are not supported") and pages served over plain HTTP have no `crypto.subtle`; there the
 * same operation runs in @noble/ciphers (audited, pure JS, same output: GCM appends the
 * 16-byte tag, CBC pads with PKCS#7), so every key size works in every browser.
 */

export const KEY_SIZES = [128, 192, 256] as const;
export type KeyBits = (typeof KEY_SIZES)[number];
export const AES_MODES = ['GCM', 'CBC'] as const;
export type AesMode = (typeof AES_MODES)[number];

/** 96-bit IV for GCM (NIST SP 800-38D's recommended length), one block for CBC. */
export const IV_BYTES: Record<AesMode, number> = { GCM: 12, CBC: 16 };
export const GCM_TAG_BYTES = 16;
export const BLOCK_BYTES = 16;

export type Bytes = Uint8Array<ArrayBuffer>;
export type KeyMaterial = { key: Bytes; iv: Bytes; mode: AesMode };
/** Which implementation ran: shown to the user, so nothing about the tool is hidden. */
export type CipherEngine = 'web-crypto' | 'noble';

export const isKeyLength = (bytes: number) => KEY_SIZES.some((bits) => bits / 8 === bytes);
export const keyBitsOf = (key: Uint8Array) => (key.length * 8) as KeyBits;

/** Cryptographically strong random bytes from the browser (Web Crypto's CSPRNG). */
function randomBytes(length: number): Bytes {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

export const generateKey = (bits: KeyBits): Bytes => randomBytes(bits / 8);
export const generateIv = (mode: AesMode): Bytes => randomBytes(IV_BYTES[mode]);

function assertMaterial({ key, iv, mode }: KeyMaterial) {
  if (!isKeyLength(key.length)) throw new RangeError(`AES key of ${key.length} bytes`);
  if (iv.length !== IV_BYTES[mode]) throw new RangeError(`${mode} IV of ${iv.length} bytes`);
}

type Subtle = Pick<SubtleCrypto, 'importKey' | 'encrypt' | 'decrypt'>;
// `null` (not undefined, which would pick the default) means "no Web Crypto here".
const defaultSubtle = (): Subtle | null => globalThis.crypto?.subtle ?? null;

/** The key as a Web Crypto key, or null where this browser's Web Crypto cannot take it. */
async function webCryptoKey(subtle: Subtle | null, { key, mode }: KeyMaterial): Promise<CryptoKey | null> {
  if (!subtle) return null;
  try {
    return await subtle.importKey('raw', key, { name: `AES-${mode}` }, false, ['encrypt', 'decrypt']);
  } catch {
    // The length is checked before we get here, so a refusal means "not supported here" (AES-192 in Chromium).
    return null;
  }
}

const algorithm = ({ mode, iv }: KeyMaterial) =>
  mode === 'GCM' ? { name: 'AES-GCM', iv, tagLength: GCM_TAG_BYTES * 8 } : { name: 'AES-CBC', iv };
const nobleCipher = ({ key, iv, mode }: KeyMaterial) => (mode === 'GCM' ? gcm(key, iv) : cbc(key, iv));

export type EncryptResult = { ciphertext: Bytes; engine: CipherEngine };

/** GCM: ciphertext followed by the 16-byte tag. CBC: PKCS#7-padded ciphertext (a multiple of 16 bytes). */
export async function encrypt(material: KeyMaterial, plaintext: Bytes, subtle = defaultSubtle()): Promise<EncryptResult> {
  assertMaterial(material);
  const cryptoKey = await webCryptoKey(subtle, material);
  if (cryptoKey && subtle) {
    return { ciphertext: new Uint8Array(await subtle.encrypt(algorithm(material), cryptoKey, plaintext)), engine: 'web-crypto' };
  }
  return { ciphertext: new Uint8Array(nobleCipher(material).encrypt(plaintext)), engine: 'noble' };
}

export type DecryptResult = { ok: true; plaintext: Bytes; engine: CipherEngine } | { ok: false; error: string };

/** The reason a ciphertext cannot be right for the mode, before trying it. */
function ciphertextShapeError(mode: AesMode, length: number): string | null {
  if (mode === 'GCM' && length < GCM_TAG_BYTES) {
    return `A GCM ciphertext is at least ${GCM_TAG_BYTES} bytes (the last ${GCM_TAG_BYTES} are the authentication tag); this one is ${length} bytes.`;
  }
  if (mode === 'CBC' && (length === 0 || length % BLOCK_BYTES !== 0)) {
    return `A CBC ciphertext is a whole number of ${BLOCK_BYTES}-byte blocks; this one is ${length} bytes.`;
  }
  return null;
}

export const DECRYPT_FAILED: Record<AesMode, string> = {
  GCM: 'Decryption failed: the authentication tag does not match. The key or the IV is not the one used to encrypt, or the ciphertext was changed.',
  CBC: 'Decryption failed: the padding is not valid. The key or the IV is not the one used to encrypt, or the ciphertext was changed.',
};

/** Never throws for bad input: a wrong key, IV, tag or padding comes back as a message. */
export async function decrypt(material: KeyMaterial, ciphertext: Bytes, subtle = defaultSubtle()): Promise<DecryptResult> {
  assertMaterial(material);
  const shape = ciphertextShapeError(material.mode, ciphertext.length);
  if (shape) return { ok: false, error: shape };
  try {
    const cryptoKey = await webCryptoKey(subtle, material);
    if (cryptoKey && subtle) {
      return {
        ok: true,
        plaintext: new Uint8Array(await subtle.decrypt(algorithm(material), cryptoKey, ciphertext)),
        engine: 'web-crypto',
      };
    }
    return { ok: true, plaintext: new Uint8Array(nobleCipher(material).decrypt(ciphertext)), engine: 'noble' };
  } catch {
    // Web Crypto says only "OperationError" for a bad tag or padding, on purpose (no padding oracle detail).
    return { ok: false, error: DECRYPT_FAILED[material.mode] };
  }
}
