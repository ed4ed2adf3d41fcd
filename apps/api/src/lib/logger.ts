import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import pino, { type DestinationStream, type Logger } from 'pino';

/** Secrets never reach the log: headers, bodies and the tokens some URLs carry are redacted. */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'otp',
  'token',
  'resetToken',
  'accessToken',
  'csrfToken',
  'apiKey',
  // What the database stores instead of those secrets is as good as them to an attacker.
  'passwordHash',
  'password_hash',
  'tokenHash',
  'token_hash',
  'codeHash',
  'code_hash',
  'apiKeyHash',
  'api_key_hash',
  'hash',
];
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `body.${k}`, `req.body.${k}`]),
];

// The OTP challenge token travels in a path (/auth/get-token/{token}); tokens may be in queries.
const redactUrl = (url: string) =>
  url.replace(/(\/auth\/get-token\/)[^/?#]+/, '$1[redacted]').replace(/([?&](?:token|resetToken|otp)=)[^&#]*/gi, '$1[redacted]');

export function createLogger(level: string, stream?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: {
        req: (req: { method?: string; url?: string; ip?: string; id?: string }) => ({
          method: req.method,
          url: req.url ? redactUrl(req.url) : undefined,
          ip: req.ip,
        }),
        res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
        err: serializeError,
      },
    },
    stream ?? process.stdout,
  );
}

/**
 * An error as the log shows it: its kind, code and where it happened, never the data it carries.
 * drizzle's DrizzleQueryError holds the SQL and its parameters (a session's token_hash, a new
 * password's hash) in `query`, `params` and its message; pg's errors hold the row in `detail`;
 * pg-pool's hold the whole client, connection settings included, in `client`. So only the fields
 * below are kept, and a failed query is named by its verb and table (`select sessions`).
 */
const SAFE_ERROR_FIELDS = ['code', 'errno', 'syscall', 'address', 'port', 'statusCode', 'severity', 'routine', 'table', 'constraint'];
const MAX_CAUSES = 4;

type LoggedError = { type: string; message: string; statement?: string; stack?: string; cause?: LoggedError } & Record<string, unknown>;

function serializeError(err: unknown, depth = 0): LoggedError {
  if (typeof err !== 'object' || err === null) return { type: typeof err, message: safeErrorMessage(String(err)) };
  const e = err as Record<string, unknown>;
  // pg-boss hands on some errors as plain copies ({...error, message, stack}): named like the original.
  const type = err instanceof Error ? err.constructor.name : typeof e.name === 'string' ? e.name : 'Error';
  const statement = typeof e.query === 'string' ? describeStatement(e.query) : undefined;
  const message = safeErrorMessage(typeof e.message === 'string' ? e.message : '', statement);
  const out: LoggedError = { type, message };
  for (const key of SAFE_ERROR_FIELDS) if (typeof e[key] === 'string' || typeof e[key] === 'number') out[key] = e[key];
  // drizzle's wrapper has no code: the driver's (a SQLSTATE, ECONNREFUSED) is the one to read.
  const code = out.code ?? codeOf(e.cause);
  if (code !== undefined) out.code = code;
  if (statement) out.statement = statement;
  // The stack's first line repeats the message: rebuilt from the safe one.
  if (typeof e.stack === 'string') out.stack = `${type}: ${message}${stackFrames(e.stack)}`;
  if (depth < MAX_CAUSES && e.cause !== undefined) out.cause = serializeError(e.cause, depth + 1);
  if (depth < MAX_CAUSES && Array.isArray(e.errors)) out.errors = e.errors.slice(0, 5).map((x) => serializeError(x, depth + 1));
  return out;
}

/** For sources that repeat the same failure (the job queue polls): message and code, nothing else. */
export function errorSummary(err: unknown): { message: string; code?: string } {
  const { message, code } = serializeError(err);
  return code === undefined ? { message } : { message, code: String(code) };
}

/**
 * Prints why a process could not start, then exits 1. A failed migration's message would hold its
 * SQL and parameters: errorSummary drops them.
 */
export function exitOnStartFailure(what: string) {
  return (err: unknown): never => {
    const { message, code } = errorSummary(err);
    console.error(`${what} failed to start:`, code ? `${message} (${code})` : message);
    process.exit(1);
  };
}

/** A message without a failed query's text and parameters (drizzle's "Failed query: <sql>\nparams: ..."). */
function safeErrorMessage(message: string, statement?: string): string {
  const drizzle = message.startsWith('Failed query:');
  const text = drizzle ? `Failed query${statement ? ` (${statement})` : ''}` : (message.split('\nparams:')[0] ?? '');
  return text.length > 500 ? `${text.slice(0, 500)}...` : text;
}

/** `select sessions`, `insert users`: the statement's verb and first table, which carry no values. */
function describeStatement(sql: string): string {
  const verb = /^\s*([a-z]+)/i.exec(sql)?.[1]?.toLowerCase() ?? 'query';
  const table = /\b(?:from|into|update|join)\s+("?[\w$]+"?(?:\."?[\w$]+"?)?)/i.exec(sql)?.[1]?.replaceAll('"', '');
  return table ? `${verb} ${table}` : verb;
}

function codeOf(err: unknown): string | undefined {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0;
    e && typeof e === 'object' && i < MAX_CAUSES;
    e = e.cause as typeof e, i++
  ) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

function stackFrames(stack: string): string {
  const at = stack.indexOf('\n    at ');
  return at < 0 ? '' : stack.slice(at);
}

/** Reuses a caller's x-request-id when it is a plain id (tracing across services); else a UUID. */
export function requestId(req: IncomingMessage): string {
  const header = req.headers['x-request-id'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[\w.-]{1,64}$/.test(value) ? value : randomUUID();
}

/**
 * The request a piece of work runs for, so that a job the request queues carries its id and the
 * worker's log lines for that job show it (job-queue.ts): one id follows a request from the API
 * into the worker. Entered by the app's onRequest hook (bindRequestContext) for the rest of the request.
 */
const requestContext = new AsyncLocalStorage<{ reqId: string }>();

/** Fastify onRequest hook: the rest of the request (hooks, handler, what they await) runs in its context. */
export function bindRequestContext(request: { id: string }, _reply: unknown, done: () => void) {
  requestContext.run({ reqId: request.id }, done);
}

/** The id of the request the caller runs for, if any (undefined in a job, at start-up, in a script). */
export const currentRequestId = (): string | undefined => requestContext.getStore()?.reqId;
