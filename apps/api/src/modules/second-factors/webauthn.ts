import type { AuthenticationResponseJSON, generateAuthenticationOptions, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Config } from '../../config.js';

// Loaded on the first ceremony: on Node 24 the library probes WebCrypto's experimental algorithms
// when it loads, and Node prints a warning for each; a server that never sees a passkey stays quiet.
const webauthn = () => import('@simplewebauthn/server');

type StoredPasskey = { id: string; publicKey: string; counter: number; transports: string[] };
type Transports = NonNullable<Parameters<typeof generateAuthenticationOptions>[0]['allowCredentials']>[number]['transports'];

/**
 * The relying party is the SPA's own origin (APP_URL): passkeys are bound to its host name, so
 * a deployment must set APP_URL to the address users open. Browsers refuse IP addresses as RP
 * ids; use a host name (localhost works).
 */
export function relyingParty(config: Pick<Config, 'appUrl' | 'productName'>) {
  const url = new URL(config.appUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: config.productName };
}
export type RelyingParty = ReturnType<typeof relyingParty>;

const allowed = (keys: StoredPasskey[]) => keys.map((k) => ({ id: k.id, transports: k.transports as Transports }));

export const registrationOptions = async (rp: RelyingParty, user: { id: number; email: string; name: string }, existing: StoredPasskey[]) =>
  (await webauthn()).generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(`user:${user.id}`),
    attestationType: 'none',
    excludeCredentials: allowed(existing),
    // Discoverable where the authenticator can: such a passkey can also sign in alone.
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });

/** The new credential, or null when the answer does not verify (wrong challenge, origin, format...). */
export async function verifiedRegistration(rp: RelyingParty, response: unknown, challenge: string) {
  try {
    const result = await (await webauthn()).verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const c = result.registrationInfo.credential;
    return { id: c.id, publicKey: Buffer.from(c.publicKey).toString('base64url'), counter: c.counter, transports: c.transports ?? [] };
  } catch {
    return null;
  }
}

export const authenticationOptions = async (rp: RelyingParty, keys: StoredPasskey[] | undefined) =>
  (await webauthn()).generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: keys ? allowed(keys) : undefined,
    userVerification: 'preferred',
  });

/**
 * The new signature counter when the assertion verifies against the stored key, else null.
 * `requireUserVerification`: a passkey that signs in alone must have checked who holds it.
 */
export async function verifiedAssertion(
  rp: RelyingParty,
  response: unknown,
  challenge: string,
  key: StoredPasskey,
  requireUserVerification: boolean,
) {
  try {
    const result = await (await webauthn()).verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: { id: key.id, publicKey: Buffer.from(key.publicKey, 'base64url'), counter: key.counter, transports: key.transports },
      requireUserVerification,
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
