import { API_PATHS, ERROR_MESSAGES, type LoginRequest, type LoginResponse, loginResponseSchema } from '@console/contract';
import { api, isApiError } from '../../../lib/api-client';

/**
 * Normalises a sign-in or OTP answer (spec s.8: failures come back as responseType false,
 * loginType 'default', the server's message or 'Something Went Wrong!'). Network failures
 * still throw, so the screen can show its own exception text.
 */
export function toLoginResponse(body: unknown): LoginResponse {
  const parsed = loginResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const message =
    body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : ERROR_MESSAGES.generic;
  return { responseType: false, loginType: 'default', message: message || ERROR_MESSAGES.generic };
}

export async function loginRequest(request: LoginRequest): Promise<LoginResponse> {
  try {
    return toLoginResponse(await api.post(API_PATHS.auth.login, request));
  } catch (error) {
    if (isApiError(error)) return { ...toLoginResponse(error.body), responseType: false, loginType: 'default' };
    throw error;
  }
}
