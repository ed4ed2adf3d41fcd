let timeZone: string | undefined;

type TemporalNow = { Now?: { timeZoneId?: () => string } };

/**
 * The browser's IANA time zone, read once: the API counts per calendar day (spec s.9: the
 * dashboards' sign-ins) and writes the exports' dates in it.
 *
 * Temporal's `Now.timeZoneId()` first, where the browser has Temporal (Chromium, Firefox): it
 * reads the zone without building a date format. `Intl.DateTimeFormat().resolvedOptions()` is the fallback; a page's
 * first DateTimeFormat loads the locale's calendar and pattern data, 13-43 ms on a fast machine
 * and 0.1 s at Lighthouse's phone speed, inside the dashboard's first render (issue 17).
 */
export function browserTimeZone(): string {
  timeZone ??= readTimeZone();
  return timeZone;
}

function readTimeZone(): string {
  try {
    const zone = (globalThis as { Temporal?: TemporalNow }).Temporal?.Now?.timeZoneId?.();
    if (zone) return zone;
  } catch {
    // a partial Temporal: the Intl reading below
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** For tests: forget the zone read, so the next call reads it again. */
export function resetBrowserTimeZone(): void {
  timeZone = undefined;
}
