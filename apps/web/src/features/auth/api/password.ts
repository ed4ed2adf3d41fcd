import {
  API_PATHS,
  ERROR_MESSAGES,
  type OperationResponse,
  type ResetPasswordRequest,
  resetTokenCheckResponseSchema,
} from '@console/contract';
import { api, isApiError } from '../../../lib/api-client';

function toOperation(body: unknown, fallbackSuccess: boolean): OperationResponse {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  return {
    success: typeof record.success === 'boolean' ? record.success : fallbackSuccess,
    message: typeof record.message === 'string' && record.message ? record.message : ERROR_MESSAGES.generic,
  };
}

/** Spec s.8: reset and request-password return success false (with the server's message) on failure. */
async function operation(path: string, body: unknown): Promise<OperationResponse> {
  try {
    return toOperation(await api.post(path, body), true);
  } catch (error) {
    if (isApiError(error)) return { ...toOperation(error.body, false), success: false };
    throw error;
  }
}

/** POST /auth/request-password. The API answers alike for unknown e-mails (no enumeration). */
export const requestPasswordReset = (email: string) => operation(API_PATHS.auth.requestPassword, { email });

/** POST /auth/reset-password with the spec's field names. */
export const resetPassword = (request: ResetPasswordRequest) => operation(API_PATHS.auth.resetPassword, request);

/**
 * POST /auth/reset-password/check: whether the link still works (nothing is used up). null when it
 * cannot be told (offline, rate limited): the form is shown and the reset itself decides.
 */
export async function checkResetToken(resetToken: string, signal?: AbortSignal): Promise<boolean | null> {
  try {
    const parsed = resetTokenCheckResponseSchema.safeParse(await api.post(API_PATHS.auth.resetPasswordCheck, { resetToken }, { signal }));
    return parsed.success ? parsed.data.data.valid : null;
  } catch (error) {
    // A malformed token (400) is as dead as an unknown one.
    if (isApiError(error) && error.status === 400) return false;
    return null;
  }
}

export { toOperation };
