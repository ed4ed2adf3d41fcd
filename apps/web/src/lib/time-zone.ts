let timeZone: string | undefined;

/**
 * The browser's IANA time zone, read once: the API counts per calendar day (spec s.9: the
 * dashboards' sign-ins) and writes the exports' dates in it. Each read builds an
 * Intl.DateTimeFormat, and the dashboard's query options are built on every render (Lighthouse's
 * trace of the dashboard: 20 ms).
 */
export function browserTimeZone(): string {
  timeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return timeZone;
}
