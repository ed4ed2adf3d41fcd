import { ERROR_STATUS, type ErrorCode, SERVER_MESSAGES } from '@console/contract';

const DEFAULT_MESSAGES: Partial<Record<ErrorCode, string>> = {
  VALIDATION: SERVER_MESSAGES.validation,
  INVALID_CREDENTIALS: SERVER_MESSAGES.invalidCredentials,
  OTP_INVALID: SERVER_MESSAGES.otpInvalid,
  RESET_TOKEN_INVALID: SERVER_MESSAGES.resetInvalid,
  UNAUTHENTICATED: SERVER_MESSAGES.unauthenticated,
  FORBIDDEN: SERVER_MESSAGES.forbidden,
  CSRF: SERVER_MESSAGES.csrf,
  NOT_FOUND: SERVER_MESSAGES.notFound,
  RATE_LIMITED: SERVER_MESSAGES.rateLimited,
  INTERNAL: SERVER_MESSAGES.internal,
  UNAVAILABLE: SERVER_MESSAGES.unavailable,
};

/** The one error type services throw; the error handler turns it into the contract's error body. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message ?? DEFAULT_MESSAGES[code] ?? SERVER_MESSAGES.internal);
    this.statusCode = ERROR_STATUS[code];
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

/**
 * A 403 from a rule about the target of a request (whose user, role or session it is), as opposed
 * to the route's key. The audit plugin records it as `permission-denied` on that target.
 */
export class DeniedError extends AppError {
  constructor(
    message: string,
    readonly target: { entity: string; entityId?: string | number | null },
    fieldErrors?: Record<string, string>,
  ) {
    super('FORBIDDEN', message, fieldErrors);
  }
}
