import { demoMediaResource } from '@console/contract';
import { parseFilters, urlFilterSpec, writeFilters } from '../resource';

/** The media screens' client filter, kept in the URL (`?clientId=`; none: every client's media): a shared link opens the same client. */
export const MEDIA_FILTERS = urlFilterSpec(demoMediaResource.list.filters, ['clientId']);

export const parseClientId = (params: URLSearchParams): number | undefined => parseFilters(MEDIA_FILTERS, params).clientId;

/** `params` with the client set (or removed), back to page 1, other parameters kept. */
export const writeClientId = (params: URLSearchParams, clientId: string | null): URLSearchParams =>
  writeFilters(MEDIA_FILTERS, params, { clientId: clientId ?? undefined });

const UNITS = ['bytes', 'KB', 'MB', 'GB'];
/** 1536 -> '1.5 KB'. */
export function formatBytes(n: number): string {
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${n} bytes` : `${value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`;
}

/** 75.4 -> '1:15'; null -> '' (images have no duration). */
export function formatSeconds(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '';
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
