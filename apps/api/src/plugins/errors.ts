import { ERROR_STATUS, type ErrorCode, type ErrorResponse, SERVER_MESSAGES } from '@console/contract';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, isAppError } from '../lib/app-error.js';
import { errorSummary } from '../lib/logger.js';
import { databaseOutage } from '../lib/pg-errors.js';

/**
 * The one place that turns any failure into `{success:false, message, code, fieldErrors?}`,
 * whoever raises it: services (AppError), schemas (zod), Fastify itself (bad URL, body parser,
 * content type, body limit: through the error handler and `frameworkErrors`) and Node's HTTP
 * parser before Fastify sees a request (431, malformed request line: `clientErrorHandler`).
 * Stack traces, internal messages and the request's own text are logged, never sent.
 */

const CODE_FOR_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
  503: 'UNAVAILABLE',
};

const FRAMEWORK_MESSAGES: Partial<Record<ErrorCode, string>> = {
  VALIDATION: 'The request is malformed',
  REQUEST_TIMEOUT: 'The request took too long to arrive',
  PAYLOAD_TOO_LARGE: 'The request is too large',
  URI_TOO_LONG: 'The address of the request is too long',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported',
  HEADERS_TOO_LARGE: 'The request headers are too large',
  UNAVAILABLE: SERVER_MESSAGES.unavailable,
};

/**
 * Seconds a client should wait before trying again after a 503 for the database: an outage is
 * usually a restart or failover (seconds); a full disk needs someone to free space.
 */
export const RETRY_AFTER_SECONDS = { unavailable: 5, 'disk-full': 30 } as const;

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

type Answer = { status: number; body: ErrorResponse; retryAfter?: number };

function toBody(error: FastifyError | Error, request: FastifyRequest): Answer {
  if (isAppError(error)) return { status: error.statusCode, body: errorBody(error.code, error.message, error.fieldErrors) };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fieldErrors = fieldErrorsOf(error.validation as Validation[]);
    // Without a field to attach it to, the zod message itself is the most useful text.
    const message = fieldErrors ? SERVER_MESSAGES.validation : (error.validation[0]?.message ?? SERVER_MESSAGES.validation);
    return { status: 400, body: errorBody('VALIDATION', message, fieldErrors) };
  }
  const status = (error as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // A client error raised by Fastify or a plugin: its own message may echo the request
    // (FST_ERR_BAD_URL quotes the URL), so only our text for its status is sent.
    request.log.debug({ code: (error as FastifyError).code, statusCode: status }, 'request refused');
    return frameworkError(status);
  }
  const outage = databaseOutage(error);
  if (outage) {
    // Message and code only: pg-pool's errors carry the client and its connection settings.
    request.log.warn({ err: errorSummary(error), outage }, 'database unavailable');
    const message = outage === 'disk-full' ? SERVER_MESSAGES.storageFull : SERVER_MESSAGES.unavailable;
    return { status: 503, body: errorBody('UNAVAILABLE', message), retryAfter: RETRY_AFTER_SECONDS[outage] };
  }
  request.log.error({ err: error }, 'request failed');
  return { status: 500, body: errorBody('INTERNAL', SERVER_MESSAGES.internal) };
}

/** Our body for a client-error status: unknown 4xx statuses become a plain 400. */
function frameworkError(status: number): { status: number; body: ErrorResponse } {
  const code = CODE_FOR_STATUS[status] ?? 'VALIDATION';
  const message = FRAMEWORK_MESSAGES[code] ?? new AppError(code).message;
  return { status: ERROR_STATUS[code] === status ? status : 400, body: errorBody(code, message) };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: Error) {
  const { status, body, retryAfter } = toBody(error, request);
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  const extra = request.routeOptions?.config?.loginReply ? { responseType: false, loginType: 'default' as const } : {};
  return reply.status(status).send({ ...body, ...extra });
}

/**
 * Fastify's `frameworkErrors` option: errors raised before routing (a URL that does not
 * decode, a path parameter over maxParamLength) would otherwise answer in Fastify's own shape.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sendError(request, reply, error);
}

/**
 * Fastify's `clientErrorHandler` option: Node's HTTP parser refused the bytes (headers over
 * the limit: 431, a request line that is not HTTP: 400, too slow: 408) so there is no request
 * or reply, only the socket. Answers in the error shape and closes the connection.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Duplex) {
  // A reset or already closed connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  this.log.debug({ code: error.code, statusCode: status }, 'client error');
  const body = JSON.stringify(frameworkError(status).body);
  if (!socket.writable) return void socket.destroy();
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
  ];
  // end(), not destroy(): the answer must reach the client before the connection closes.
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  socket.once('finish', () => setTimeout(() => socket.destroy(), 1000).unref());
}

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => sendError(request, reply, error as Error));
});
