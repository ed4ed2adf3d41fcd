import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../lib/auth/session';
import { clearLocalSession } from '../../lib/auth/sign-out';
import { forgetParkedStates } from '../../lib/offline-parking';
import { DECRYPT_FAILED } from './logic/aes-cipher';
import { toHex } from './logic/encoding';
import { SAMPLE_TEXT, useAesTool } from './use-aes-tool';

const setup = () => renderHook(() => useAesTool());
type Hook = ReturnType<typeof setup>['result'];
const keyHex = (result: Hook) => toHex(result.current.material!.key);
const ivHex = (result: Hook) => toHex(result.current.material!.iv);

describe('the AES screen state', () => {
  it('starts without a key at 256-bit GCM, and generates a key and IV of those sizes', () => {
    const { result } = setup();
    expect(result.current).toMatchObject({ keyBits: 256, mode: 'GCM', material: null, plaintext: SAMPLE_TEXT });
    act(() => result.current.generate());
    expect(result.current.material).toMatchObject({ origin: 'generated' });
    expect(result.current.material!.key.length).toBe(32);
    expect(result.current.material!.iv.length).toBe(12);
    expect(result.current.announcement).toBe('New 256-bit key and GCM IV generated.');
  });

  it('a new mode keeps the key with a new IV of its length; a new size makes a new key', () => {
    const { result } = setup();
    act(() => result.current.generate());
    const key = keyHex(result);
    act(() => result.current.setMode('CBC'));
    expect(keyHex(result)).toBe(key);
    expect(result.current.material!.iv.length).toBe(16);
    act(() => result.current.setKeyBits(128));
    expect(result.current.material!.key.length).toBe(16);
    expect(result.current.mode).toBe('CBC');
  });

  it('round-trips the sample text and reads a changed ciphertext as a failure, not a throw', async () => {
    const { result } = setup();
    act(() => result.current.generate());
    await act(() => result.current.encrypt());
    expect(result.current.encrypted).toEqual({ engine: 'web-crypto', bytes: new TextEncoder().encode(SAMPLE_TEXT).length + 16 });
    await act(() => result.current.decrypt());
    expect(result.current.decrypted).toMatchObject({ ok: true, text: SAMPLE_TEXT });

    const sealed = result.current.ciphertext;
    act(() => result.current.setCiphertext(`${sealed.slice(0, 4) === 'AAAA' ? 'BBBB' : 'AAAA'}${sealed.slice(4)}`));
    expect(result.current.decrypted).toBeNull();
    await act(() => result.current.decrypt());
    expect(result.current.decrypted).toEqual({ ok: false, error: DECRYPT_FAILED.GCM });
  });

  it('puts an empty or non-base64 ciphertext under the field', async () => {
    const { result } = setup();
    act(() => result.current.generate());
    await act(() => result.current.decrypt());
    expect(result.current.ciphertextError).toBe('Encrypt the text or paste a ciphertext first');
    act(() => result.current.setCiphertext('***'));
    expect(result.current.ciphertextError).toBeNull();
    await act(() => result.current.decrypt());
    expect(result.current.ciphertextError).toMatch(/^Not valid base64/);
    expect(result.current.decrypted).toBeNull();
  });

  it('warns before a GCM key and IV encrypt a second, different text, until the IV is new', async () => {
    const { result } = setup();
    act(() => result.current.generate());
    await act(() => result.current.encrypt());
    expect(result.current.ivReuse).toBe(false);
    act(() => result.current.setPlaintext('another text'));
    expect(result.current.ivReuse).toBe(true);
    const iv = ivHex(result);
    act(() => result.current.newIv());
    expect(ivHex(result)).not.toBe(iv);
    expect(result.current.ivReuse).toBe(false);
    // CBC has no such rule in the tool (its IV must be unpredictable, which a random one is)
    act(() => result.current.setMode('CBC'));
    await act(() => result.current.encrypt());
    act(() => result.current.setPlaintext('yet another'));
    expect(result.current.ivReuse).toBe(false);
  });

  it('imports a key with its size, and makes an IV when none is given', () => {
    const { result } = setup();
    const key = new Uint8Array(24).fill(7);
    act(() => result.current.importMaterial(key, null));
    expect(result.current).toMatchObject({ keyBits: 192, mode: 'GCM' });
    expect(result.current.material).toMatchObject({ key, origin: 'imported' });
    expect(result.current.material!.iv.length).toBe(12);
    expect(result.current.announcement).toBe('Imported 192-bit key; new GCM IV generated.');
  });
});

describe('the AES screen across the offline redirect', () => {
  // As the sign-in screen stores a session (saveSession tells the session's readers at once).
  const signInAs = (token: string) => saveSession({ accessToken: token, user: { email: 'a@b.co', roleId: 1 } }, { persistent: false });
  const online = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);
  afterEach(() => {
    vi.restoreAllMocks();
    forgetParkedStates();
  });

  it('unmounted while offline, the next mount has the same key, IV, text and ciphertext', async () => {
    signInAs('tok-a');
    const first = setup();
    act(() => first.result.current.generate());
    act(() => first.result.current.setPlaintext('secret words'));
    await act(() => first.result.current.encrypt());
    const before = { key: keyHex(first.result), iv: ivHex(first.result), ciphertext: first.result.current.ciphertext };
    online(false);
    first.unmount();
    online(true);
    const second = setup();
    expect({ key: keyHex(second.result), iv: ivHex(second.result), ciphertext: second.result.current.ciphertext }).toEqual(before);
    expect(second.result.current.plaintext).toBe('secret words');
    // Taken once: a later visit starts empty
    second.unmount();
    expect(setup().result.current.material).toBeNull();
  });

  it('is forgotten when the user leaves while online, after sign-out, and for another session', () => {
    signInAs('tok-a');
    const left = setup();
    act(() => left.result.current.generate());
    left.unmount();
    expect(setup().result.current.material).toBeNull();

    const parked = setup();
    act(() => parked.result.current.generate());
    online(false);
    parked.unmount();
    online(true);
    clearLocalSession();
    signInAs('tok-a');
    expect(setup().result.current.material).toBeNull();

    const other = setup();
    act(() => other.result.current.generate());
    online(false);
    other.unmount();
    online(true);
    signInAs('tok-b');
    expect(setup().result.current.material).toBeNull();
  });
});
