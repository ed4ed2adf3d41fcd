import { TIMESTAMP_FORMAT } from '@console/contract';
import { format, isValid } from 'date-fns';

/** Spec s.9: yyyy-MM-dd HH:mm:ss in the browser's time zone; 'N/A' when empty, 'Invalid Date' when unparsable. */
export function formatTimestamp(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const date = value instanceof Date ? value : new Date(value);
  return isValid(date) ? format(date, TIMESTAMP_FORMAT) : 'Invalid Date';
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Milliseconds as a compact duration: '45s', '2m 05s', '1h 02m 03s', '3d 04h 05m 06s'.
 * The leading unit is unpadded, the following ones two digits wide, so columns line up.
 */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return 'N/A';
  let rest = Math.floor(ms / 1000);
  const days = Math.floor(rest / 86_400);
  rest %= 86_400;
  const hours = Math.floor(rest / 3600);
  rest %= 3600;
  const minutes = Math.floor(rest / 60);
  const seconds = rest % 60;
  if (days > 0) return `${days}d ${pad(hours)}h ${pad(minutes)}m ${pad(seconds)}s`;
  if (hours > 0) return `${hours}h ${pad(minutes)}m ${pad(seconds)}s`;
  if (minutes > 0) return `${minutes}m ${pad(seconds)}s`;
  return `${seconds}s`;
}

/** Initials for an avatar without a picture. */
export function initials(name: string): string {
  const parts = name.split(/[\s@.]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

// Counts are English, as every text of the console is (the lists' "1–500 of more than 10,000"
// too): one format for every figure on screen, whatever the browser's locale. A whole number
// is grouped here: a page's first Intl.NumberFormat loads the locale's number data, 11-57 ms on a
// fast machine and 4x that on a phone, in the dashboards' first render with data (issue 17).
// Anything else (never a count today) goes through Intl, made on first use.
let counts: Intl.NumberFormat | undefined;

/** One number format for every figure on screen (1,009 in a card and in its caption alike). */
export const formatCount = (n: number): string => {
  if (Number.isSafeInteger(n)) {
    const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
    return n < 0 || Object.is(n, -0) ? `-${digits}` : digits;
  }
  counts ??= new Intl.NumberFormat('en');
  return counts.format(n);
};

/** '1 action', '1,009 actions': a count and its noun, in the count's number. */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}
