import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import pino, { type DestinationStream, type Logger } from 'pino';

/** Secrets never reach the log: headers, bodies and the tokens some URLs carry are redacted. */
const SECRET_KEYS = ['password', 'newPassword', 'otp', 'token', 'resetToken', 'accessToken', 'csrfToken'];
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
        err: pino.stdSerializers.err,
      },
    },
    stream ?? process.stdout,
  );
}

/** Reuses a caller's x-request-id when it is a plain id (tracing across services); else a UUID. */
export function requestId(req: IncomingMessage): string {
  const header = req.headers['x-request-id'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[\w.-]{1,64}$/.test(value) ? value : randomUUID();
}
