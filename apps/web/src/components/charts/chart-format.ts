import { format, isValid, parseISO } from 'date-fns';
import { countOf, formatCount } from '../../lib/formatters';

/** 'yyyy-MM-dd' -> 'Nov 8' for an axis; the raw text when it is not a date. */
export function dayLabel(date: string): string {
  const parsed = parseISO(date);
  return isValid(parsed) ? format(parsed, 'MMM d') : date;
}

/** '42 requests in the last 14 days; busiest day Nov 21 with 9.' — the chart's figures in one sentence. */
export function perDaySummary(days: readonly { date: string; count: number }[], noun = 'request'): string {
  const total = days.reduce((sum, d) => sum + d.count, 0);
  const busiest = days.reduce<{ date: string; count: number } | undefined>(
    (best, d) => (!best || d.count > best.count ? d : best),
    undefined,
  );
  const base = `${countOf(total, noun)} in the last ${countOf(days.length, 'day')}`;
  return busiest && busiest.count > 0 ? `${base}; busiest day ${dayLabel(busiest.date)} with ${formatCount(busiest.count)}.` : `${base}.`;
}
