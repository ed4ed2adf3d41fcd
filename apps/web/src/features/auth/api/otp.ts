import {
  API_PATHS,
  type LoginResponse,
  type OperationResponse,
  type OtpTokenCheckResponse,
  otpTokenCheckResponseSchema,
} from '@console/contract';
import { api, isApiError } from '../../../lib/api-client';
import { toLoginResponse } from './login';
import { toOperation } from './password';

/** GET /auth/get-token/{token}: null when the token cannot be checked (treated as expired). */
export async function checkOtpToken(token: string, signal?: AbortSignal): Promise<OtpTokenCheckResponse['data'] | null> {
  try {
    const parsed = otpTokenCheckResponseSchema.safeParse(await api.get(API_PATHS.auth.getToken(token), { signal }));
    return parsed.success ? parsed.data.data : null;
  } catch {
    return null;
  }
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'] as const;

/** Spec s.3 "OTP submission": characters first to sixth, the joined otp, and the token. */
function otpSubmission(digits: readonly string[], token: string) {
  const body: Record<string, string> = {};
  ORDINALS.forEach((name, i) => {
    body[name] = digits[i] ?? '';
  });
  return { ...body, otp: digits.join(''), token };
}

/** POST /auth/otp/verification; failures come back as responseType false (spec s.8). */
export async function verifyOtp(digits: readonly string[], token: string): Promise<LoginResponse> {
  try {
    return toLoginResponse(await api.post(API_PATHS.auth.otpVerification, otpSubmission(digits, token)));
  } catch (error) {
    if (isApiError(error)) return { ...toLoginResponse(error.body), responseType: false, loginType: 'default' };
    throw error;
  }
}

/** POST /auth/otp/resend: the API mails a fresh code for the same challenge. */
export async function resendOtp(token: string): Promise<OperationResponse> {
  try {
    return toOperation(await api.post(API_PATHS.auth.otpResend, { token }), true);
  } catch (error) {
    if (isApiError(error)) return { ...toOperation(error.body, false), success: false };
    throw error;
  }
}
