/** PostgreSQL error codes the services turn into 409s, read through drizzle's wrapper and either driver. */
export const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
/** What PGlite and PostgreSQL 18 raise for an ON DELETE RESTRICT reference (PostgreSQL 15 raises 23503). */
const RESTRICT_VIOLATION = '23001';

/** The SQLSTATE of a failed statement (drizzle wraps the driver's error in `cause`). */
export function pgCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** A unique violation (optionally of one constraint, when the driver names it). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === UNIQUE_VIOLATION) return constraint === undefined || e.constraint === undefined || e.constraint === constraint;
  }
  return false;
}

/** A row still referenced (delete) or a reference to a missing row (insert/update): 23503, or 23001 for RESTRICT. */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = pgCode(err);
  return code === FOREIGN_KEY_VIOLATION || code === RESTRICT_VIOLATION;
}

/** The constraint a failed statement names, when the driver reports it. */
export function pgConstraint(err: unknown): string | undefined {
  for (let e = err as { constraint?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (typeof e.constraint === 'string') return e.constraint;
  }
  return undefined;
}

/** Network failures reaching the database server (Node's codes on the socket). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** The server going down under a connection: admin_shutdown, crash_shutdown, cannot_connect_now. */
const SHUTDOWN_CODES = new Set(['57P01', '57P02', '57P03']);
/**
 * pg and pg-pool report a lost or never-made connection in plain messages, without a code:
 * "Connection terminated unexpectedly", "timeout exceeded when trying to connect", "Client has
 * encountered a connection error and is not queryable", "Query read timeout".
 */
const UNAVAILABLE_MESSAGE =
  /connection terminated|timeout exceeded when trying to connect|connection error and is not queryable|query read timeout|connection timeout/i;

/**
 * Why the database could not serve a statement, when that is the database's state and not the
 * statement: `unavailable` (unreachable, shutting down, SQLSTATE class 08, out of connections)
 * or `disk-full` (ENOSPC, SQLSTATE 53100 and the rest of class 53: the server has no room).
 * Walks `cause` (drizzle, pg-boss) and AggregateError's `errors` (Node's dual-stack connect).
 */
export function databaseOutage(error: unknown): 'unavailable' | 'disk-full' | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length && seen.size < 20) {
    const e = queue.shift() as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined;
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const code = typeof e.code === 'string' ? e.code : '';
    if (code === 'ENOSPC' || code === '53100') return 'disk-full';
    if (NETWORK_CODES.has(code) || SHUTDOWN_CODES.has(code) || /^(08|53)[0-9A-Z]{3}$/.test(code)) return 'unavailable';
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return 'unavailable';
    queue.push(e.cause);
    if (Array.isArray(e.errors)) queue.push(...e.errors);
  }
  return undefined;
}
