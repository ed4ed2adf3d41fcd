/** PostgreSQL error codes the services turn into 409s, read through drizzle's wrapper and either driver. */
export const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
/** ON DELETE RESTRICT: PostgreSQL 15 reports it as 23503, PGlite (PG 17+/18) as 23001 restrict_violation. */
const RESTRICT_VIOLATION = '23001';

/** A delete or update refused because other rows still reference the row, whichever code the server uses. */
export const isReferenceViolation = (error: unknown): boolean => {
  const code = pgCode(error);
  return code === FOREIGN_KEY_VIOLATION || code === RESTRICT_VIOLATION;
};

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
