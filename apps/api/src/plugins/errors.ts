import { ERROR_STATUS, type ErrorCode, type ErrorResponse, SERVER_MESSAGES } from '@console/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, isAppError } from '../lib/app-error.js';

/**
 * The one place that turns any failure into `{success:false, message, code, fieldErrors?}`.
 * Stack traces and internal messages are logged, never sent.
 */

const CODE_FOR_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

const FRAMEWORK_MESSAGES: Partial<Record<ErrorCode, string>> = {
  VALIDATION: 'The request is malformed',
  PAYLOAD_TOO_LARGE: 'The request is too large',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported',
  UNAVAILABLE: 'The service is temporarily unavailable',
};

type Validation = { instancePath?: string; message?: string; params?: Record<string, unknown> };

/** zod issues keyed by field name ("email", or "address.city" for nested fields); first message wins. */
function fieldErrorsOf(validation: Validation[]): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const v of validation) {
    const key = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    if (key && !(key in out)) out[key] = v.message ?? SERVER_MESSAGES.validation;
  }
  return Object.keys(out).length ? out : undefined;
}

export function errorBody(code: ErrorCode, message: string, fieldErrors?: Record<string, string>): ErrorResponse {
  return fieldErrors ? { success: false, message, code, fieldErrors } : { success: false, message, code };
}

function toBody(error: FastifyError | Error, request: FastifyRequest): { status: number; body: ErrorResponse } {
  if (isAppError(error)) return { status: error.statusCode, body: errorBody(error.code, error.message, error.fieldErrors) };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fieldErrors = fieldErrorsOf(error.validation as Validation[]);
    // Without a field to attach it to, the zod message itself is the most useful text.
    const message = fieldErrors ? SERVER_MESSAGES.validation : (error.validation[0]?.message ?? SERVER_MESSAGES.validation);
    return { status: 400, body: errorBody('VALIDATION', message, fieldErrors) };
  }
  const status = (error as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = CODE_FOR_STATUS[status] ?? 'VALIDATION';
    const message = FRAMEWORK_MESSAGES[code] ?? new AppError(code).message;
    return { status: ERROR_STATUS[code] === status ? status : 400, body: errorBody(code, message) };
  }
  request.log.error({ err: error }, 'request failed');
  return { status: 500, body: errorBody('INTERNAL', SERVER_MESSAGES.internal) };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: Error) {
  const { status, body } = toBody(error, request);
  const extra = request.routeOptions.config?.loginReply ? { responseType: false, loginType: 'default' as const } : {};
  return reply.status(status).send({ ...body, ...extra });
}

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => sendError(request, reply, error as Error));
});
