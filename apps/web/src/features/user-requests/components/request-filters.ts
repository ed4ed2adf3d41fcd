import { PLATFORMS, type Platform } from '@console/contract';
import { isValid, parseISO } from 'date-fns';

/** The list filters of GET /user-request (contract userRequestFilters); absent means "any". */
export type RequestFilters = { locationId?: number; platform?: Platform; from?: string; to?: string };
export const REQUEST_FILTER_PARAMS = ['locationId', 'platform', 'from', 'to'] as const;
export type RequestFilterPatch = Partial<Record<keyof RequestFilters, string | undefined>>;

const positiveId = (raw: string | null) => (raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : undefined);
const platformOf = (raw: string | null) => (raw && (PLATFORMS as readonly string[]).includes(raw) ? (raw as Platform) : undefined);
/** A calendar day 'YYYY-MM-DD' (a whole UTC day for the API); anything else is dropped. */
const dayOf = (raw: string | null) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) && isValid(parseISO(raw)) ? raw : undefined);

/** Reads the filters from the URL; anything invalid is dropped (the API would answer 400), so a hand-edited link still works. */
export function parseRequestFilters(params: URLSearchParams): RequestFilters {
  const found: RequestFilters = {
    locationId: positiveId(params.get('locationId')),
    platform: platformOf(params.get('platform')),
    from: dayOf(params.get('from')),
    to: dayOf(params.get('to')),
  };
  // A range given backwards is read the way it was meant: the earlier day first.
  if (found.from && found.to && found.from > found.to) [found.from, found.to] = [found.to, found.from];
  return Object.fromEntries(Object.entries(found).filter(([, v]) => v !== undefined)) as RequestFilters;
}

/** `params` with the patch merged in (undefined or '' removes one); back to page 1, other parameters kept. */
export function writeRequestFilters(params: URLSearchParams, patch: RequestFilterPatch): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of REQUEST_FILTER_PARAMS) {
    if (!(name in patch)) continue;
    const value = patch[name];
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, value);
  }
  next.delete('page');
  return next;
}
