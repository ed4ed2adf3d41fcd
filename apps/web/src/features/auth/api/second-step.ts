import {
  type LoginResponse,
  passkeyOptionsResponseSchema,
  SECOND_FACTOR_PATHS as P,
  webAuthnChallengeResponseSchema,
  type WebAuthnCredential,
} from '@console/contract';
import { api, isApiError } from '../../../lib/api-client';
import { toLoginResponse } from './login';

/** A sign-in call whose failures come back as responseType false, as the e-mailed code's do (spec s.8). */
async function signInCall(path: string, body: unknown): Promise<LoginResponse> {
  try {
    return toLoginResponse(await api.post(path, body));
  } catch (error) {
    if (isApiError(error)) return { ...toLoginResponse(error.body), responseType: false, loginType: 'default' };
    throw error;
  }
}

export const verifyFactor = (token: string, method: 'totp' | 'recovery', code: string) => signInCall(P.verify, { token, method, code });

export async function passkeyStepOptions(token: string) {
  return passkeyOptionsResponseSchema.parse(await api.post(P.passkeyOptions, { token })).data.options;
}

export const verifyPasskeyStep = (token: string, credential: WebAuthnCredential) => signInCall(P.passkeyVerify, { token, credential });

export async function passkeySignInOptions() {
  return webAuthnChallengeResponseSchema.parse(await api.post(P.passkeySignInOptions, {})).data;
}

export const passkeySignIn = (challengeId: string, credential: WebAuthnCredential, rememberMe: boolean) =>
  signInCall(P.passkeySignIn, { challengeId, credential, rememberMe });
