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
