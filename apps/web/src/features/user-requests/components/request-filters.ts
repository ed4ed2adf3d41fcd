import { userRequestsResource } from '@console/contract';
import { type FilterSelect, type FilterValues, optionsFilterSelect, urlFilterSpec } from '../../../components/resource';
import { PLATFORM_OPTIONS } from '../../../lib/user-requests';

/**
 * The list filters of GET /user-request (contract userRequestFilters) a user picks, kept in the
 * URL; days are whole days of the browser's time zone (the list call names it, resource-api.ts).
 */
export const REQUEST_FILTERS = urlFilterSpec(userRequestsResource.list.filters, ['locationId', 'platform', 'from', 'to']);
export type RequestFilters = FilterValues<typeof REQUEST_FILTERS>;

/** A range given backwards is read the way it was meant: the earlier day first. */
export function orderRange(filters: RequestFilters): RequestFilters {
  return filters.from && filters.to && filters.from > filters.to ? { ...filters, from: filters.to, to: filters.from } : filters;
}

/** Location and platform selects above the user-requests table (the day range is its own inputs). */
export function requestFilterSelects(locations: { data?: readonly { value: string; label: string }[]; isError: boolean }): FilterSelect[] {
  return [
    optionsFilterSelect('locationId', 'locations', locations, { width: 220 }),
    { name: 'platform', label: 'Platform', placeholder: 'Any platform', options: PLATFORM_OPTIONS, width: 160 },
  ];
}
