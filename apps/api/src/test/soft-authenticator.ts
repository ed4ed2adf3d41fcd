import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software WebAuthn authenticator for API tests: it answers registration ("none" attestation)
 * and assertion ceremonies exactly as a browser would send them (JSON, base64url), signing with
 * a real P-256 key, so the server's verification runs unchanged. The end-to-end tests use
 * Chromium's virtual authenticator instead.
 */
const b64 = (b: Uint8Array | Buffer) => Buffer.from(b).toString('base64url');
const sha = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

export function createSoftAuthenticator(origin: string) {
  const rpId = new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(32);
  let counter = 0;

  const flags = (uv: boolean, attested = false) => 0x01 | (uv ? 0x04 : 0) | (attested ? 0x40 : 0);
  const counterBytes = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };
  const clientData = (type: string, challenge: string, from = origin) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }));

  return {
    id: b64(credentialId),

    /** The answer to registration options (options.challenge). */
    register(options: Record<string, unknown>, opts: { origin?: string } = {}) {
      const cose = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x as string, 'base64url')],
        [-3, Buffer.from(jwk.y as string, 'base64url')],
      ]);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        sha(rpId),
        Buffer.from([flags(true, true)]),
        counterBytes(counter),
        Buffer.alloc(16),
        idLength,
        credentialId,
        Buffer.from(isoCBOR.encode(cose)),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]) as never,
      );
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(clientData('webauthn.create', String(options.challenge), opts.origin)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },

    /** The answer to authentication options; `userVerified` false leaves the UV flag off; `tamper` breaks the signature. */
    assert(options: Record<string, unknown>, opts: { userVerified?: boolean; tamper?: boolean } = {}) {
      counter += 1;
      const authData = Buffer.concat([sha(rpId), Buffer.from([flags(opts.userVerified ?? true)]), counterBytes(counter)]);
      const data = clientData('webauthn.get', String(options.challenge));
      const signer = createSign('SHA256');
      signer.update(Buffer.concat([authData, sha(data)]));
      const signature = signer.sign(privateKey);
      if (opts.tamper) signature[signature.length - 1] ^= 0xff;
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(data),
          authenticatorData: b64(authData),
          signature: b64(signature),
          userHandle: b64(Buffer.from('user')),
        },
        clientExtensionResults: {},
      };
    },
  };
}
