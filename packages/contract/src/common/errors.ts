import { z } from 'zod';

/** One list of error codes, mapped to HTTP status in one place. */
export const ERROR_STATUS = {
  VALIDATION: 400,
  INVALID_CREDENTIALS: 400,
  OTP_INVALID: 400,
  RESET_TOKEN_INVALID: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CSRF: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export const fieldErrorsSchema = z.record(z.string(), z.string());

export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  fieldErrors: fieldErrorsSchema.optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Operation responses of spec s.3. */
export const operationResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type OperationResponse = z.infer<typeof operationResponseSchema>;
