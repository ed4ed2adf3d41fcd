import type { WebAuthnCredential } from '@console/contract';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

/**
 * The browser's WebAuthn ceremonies, loaded on first use (the library stays out of the sign-in
 * page's first paint). Used by the sign-in page, the two-step page and the profile.
 */
export const passkeysSupported = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

// The answers are the library's JSON types; the contract's schema bounds the same JSON loosely.
export async function registerPasskey(options: Record<string, unknown>): Promise<WebAuthnCredential> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return (await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  })) as unknown as WebAuthnCredential;
}

export async function signWithPasskey(options: Record<string, unknown>): Promise<WebAuthnCredential> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return (await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  })) as unknown as WebAuthnCredential;
}

/** A user who closed the browser's passkey prompt: not an error worth more than a quiet line. */
export const passkeyCancelled = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
