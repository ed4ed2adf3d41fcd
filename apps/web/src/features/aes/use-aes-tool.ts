import { useEffect, useRef, useState } from 'react';
import { isOnline } from '../../lib/connectivity';
import { dropParkedState, parkState, peekParkedState } from '../../lib/offline-parking';
import {
  type AesMode,
  type Bytes,
  type CipherEngine,
  decrypt,
  encrypt,
  generateIv,
  generateKey,
  type KeyBits,
  keyBitsOf,
} from './logic/aes-cipher';
import { fromBase64, toBase64, toHex, utf8Decode, utf8Encode } from './logic/encoding';

// Accented letters make the UTF-8 step visible (2-byte characters) while rendering in every font.
export const SAMPLE_TEXT = 'The quick brown fox jumps over the lazy dog. Grüße aus Köln, ça va?';

type KeyOrigin = 'generated' | 'imported';
export type Material = { key: Bytes; iv: Bytes; origin: KeyOrigin };
export type EncryptState = { engine: CipherEngine; bytes: number } | null;
export type DecryptState = { ok: true; text: string | null; hex: string; engine: CipherEngine } | { ok: false; error: string } | null;

const PARKING_SCREEN = 'aes';
type Snapshot = {
  keyBits: KeyBits;
  mode: AesMode;
  material: Material | null;
  plaintext: string;
  ciphertext: string;
  encrypted: EncryptState;
  decrypted: DecryptState;
  ivUses: Map<string, string>;
};

/**
 * The state of the AES screen. Everything stays in this component's memory: nothing is
 * stored or sent, and leaving the page forgets the key. The one exception is the offline
 * redirect (spec s.4 sends the user to /internet-connection): the state is parked in memory
 * and comes back when the connection does, since the tool itself needs no network.
 */
export function useAesTool() {
  const [restored] = useState(() => peekParkedState<Snapshot>(PARKING_SCREEN));
  const [keyBits, setKeyBitsState] = useState<KeyBits>(restored?.keyBits ?? 256);
  const [mode, setModeState] = useState<AesMode>(restored?.mode ?? 'GCM');
  const [material, setMaterial] = useState<Material | null>(restored?.material ?? null);
  const [plaintext, setPlaintext] = useState(restored?.plaintext ?? SAMPLE_TEXT);
  const [ciphertext, setCiphertextState] = useState(restored?.ciphertext ?? '');
  const [encrypted, setEncrypted] = useState<EncryptState>(restored?.encrypted ?? null);
  const [decrypted, setDecrypted] = useState<DecryptState>(restored?.decrypted ?? null);
  const [ciphertextError, setCiphertextError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'encrypt' | 'decrypt' | null>(null);
  // What each key+IV pair encrypted, to warn before a GCM IV is reused for a different text.
  const ivUses = useRef(restored?.ivUses ?? new Map<string, string>());
  const latest = useRef<Snapshot | null>(null);
  latest.current = { keyBits, mode, material, plaintext, ciphertext, encrypted, decrypted, ivUses: ivUses.current };
  useEffect(() => {
    dropParkedState(PARKING_SCREEN);
    return () => {
      // Unmounted while offline: the connectivity redirect, not the user leaving.
      if (!isOnline() && latest.current) parkState(PARKING_SCREEN, latest.current);
    };
  }, []);
  // Screen-reader announcement of what changed after an action.
  const [announcement, setAnnouncement] = useState('');

  const resetOutputs = () => {
    setCiphertextState('');
    setCiphertextError(null);
    setFailure(null);
    setEncrypted(null);
    setDecrypted(null);
  };

  const install = (next: Material, nextMode: AesMode, message: string) => {
    setMaterial(next);
    setKeyBitsState(keyBitsOf(next.key));
    setModeState(nextMode);
    resetOutputs();
    setAnnouncement(message);
  };

  const generate = (bits = keyBits, nextMode = mode) =>
    install(
      { key: generateKey(bits), iv: generateIv(nextMode), origin: 'generated' },
      nextMode,
      `New ${bits}-bit key and ${nextMode} IV generated.`,
    );

  /** The key size is the key's: with a key on screen, a new size means a new key. */
  const setKeyBits = (bits: KeyBits) => {
    if (material) generate(bits, mode);
    else setKeyBitsState(bits);
  };

  /** The IV length follows the mode (12 bytes GCM, 16 CBC): the key stays, the IV is new. */
  const setMode = (next: AesMode) => {
    if (next === mode) return;
    if (material) install({ ...material, iv: generateIv(next) }, next, `Mode ${next}: new ${next} IV generated, same key.`);
    else setModeState(next);
  };

  const newIv = () => {
    if (!material) return;
    install({ ...material, iv: generateIv(mode) }, mode, `New ${mode} IV generated.`);
  };

  const importMaterial = (key: Bytes, iv: Bytes | null) =>
    install(
      { key, iv: iv ?? generateIv(mode), origin: 'imported' },
      mode,
      iv ? `Imported ${key.length * 8}-bit key and IV.` : `Imported ${key.length * 8}-bit key; new ${mode} IV generated.`,
    );

  const useKey = material ? `${toHex(material.key)}:${toHex(material.iv)}` : '';
  const previousText = material ? ivUses.current.get(useKey) : undefined;
  const ivReuse = mode === 'GCM' && previousText !== undefined && previousText !== plaintext;

  const runEncrypt = async () => {
    if (!material) return;
    setBusy('encrypt');
    setFailure(null);
    try {
      const result = await encrypt({ ...material, mode }, utf8Encode(plaintext));
      ivUses.current.set(useKey, plaintext);
      setCiphertextState(toBase64(result.ciphertext));
      setCiphertextError(null);
      setEncrypted({ engine: result.engine, bytes: result.ciphertext.length });
      setDecrypted(null);
      setAnnouncement(`Encrypted: ${result.ciphertext.length} bytes of ciphertext.`);
    } catch (error) {
      // Not expected (the key and IV are checked when set), but never lost silently.
      setFailure(`Encryption failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(null);
    }
  };

  const runDecrypt = async () => {
    if (!material) return;
    setDecrypted(null);
    if (!ciphertext.trim()) {
      setCiphertextError('Encrypt the text or paste a ciphertext first');
      return;
    }
    const parsed = fromBase64(ciphertext);
    if (!parsed.ok) {
      setCiphertextError(parsed.error);
      return;
    }
    setBusy('decrypt');
    try {
      const result = await decrypt({ ...material, mode }, parsed.bytes);
      setDecrypted(
        result.ok ? { ok: true, text: utf8Decode(result.plaintext), hex: toHex(result.plaintext), engine: result.engine } : result,
      );
      setAnnouncement(result.ok ? 'Decrypted.' : result.error);
    } finally {
      setBusy(null);
    }
  };

  /** A pasted or edited ciphertext no longer matches the last result. */
  const setCiphertext = (value: string) => {
    setCiphertextState(value);
    setCiphertextError(null);
    setEncrypted(null);
    setDecrypted(null);
  };

  return {
    keyBits,
    mode,
    material,
    plaintext,
    ciphertext,
    ciphertextError,
    failure,
    encrypted,
    decrypted,
    busy,
    ivReuse,
    announcement,
    generate: () => generate(),
    setKeyBits,
    setMode,
    newIv,
    importMaterial,
    setPlaintext,
    setCiphertext,
    encrypt: runEncrypt,
    decrypt: runDecrypt,
  };
}

export type AesTool = ReturnType<typeof useAesTool>;
