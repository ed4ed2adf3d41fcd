import { DateRangeInputs, type FilterPatch } from '../../../components/resource';
import type { REQUEST_FILTERS, RequestFilters } from './request-filters';

type Props = { filters: RequestFilters; onChange: (patch: FilterPatch<typeof REQUEST_FILTERS>) => void };

/** The date range (days of the browser's time zone) of the user-requests filters, after the location and platform selects. */
export function RequestDateRange({ filters, onChange }: Props) {
  return <DateRangeInputs from={filters.from} to={filters.to} onChange={onChange} />;
}
