import { CLIENT_TYPES, STATUSES } from '@console/contract';

/** The list filters (contract clientsResource.list.filters); absent means "any". */
export type ClientFilters = { type?: (typeof CLIENT_TYPES)[number]; status?: (typeof STATUSES)[number]; companyId?: number };
const CLIENT_FILTER_PARAMS = ['type', 'status', 'companyId'] as const;

const positiveId = (raw: string | null) => (raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : undefined);
const oneOf = <T extends string>(list: readonly T[], raw: string | null) =>
  raw && (list as readonly string[]).includes(raw) ? (raw as T) : undefined;

/** Reads the filters from the URL; anything invalid is dropped (the API would answer 400), so a hand-edited link still works. */
export function parseClientFilters(params: URLSearchParams): ClientFilters {
  const found: ClientFilters = {
    type: oneOf(CLIENT_TYPES, params.get('type')),
    status: oneOf(STATUSES, params.get('status')),
    companyId: positiveId(params.get('companyId')),
  };
  return Object.fromEntries(Object.entries(found).filter(([, v]) => v !== undefined)) as ClientFilters;
}

/** `params` with the patch merged in (undefined or '' removes one); back to page 1, other parameters kept. */
export function writeClientFilters(params: URLSearchParams, patch: Partial<Record<keyof ClientFilters, string | undefined>>) {
  const next = new URLSearchParams(params);
  for (const name of CLIENT_FILTER_PARAMS) {
    if (!(name in patch)) continue;
    const value = patch[name];
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, value);
  }
  next.delete('page');
  return next;
}
