/** Postgres unique violation, whichever driver (and whether drizzle wrapped it). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return constraint === undefined || e.constraint === undefined || e.constraint === constraint;
  }
  return false;
}
