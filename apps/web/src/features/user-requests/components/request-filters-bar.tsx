import { TextInput } from '@mantine/core';
import { FilterBar, type FilterPatch } from '../../../components/resource';
import { useLocationOptions } from '../api/user-requests-api';
import { type REQUEST_FILTERS, type RequestFilters, requestFilterSelects } from './request-filters';

type Props = {
  filters: RequestFilters;
  onChange: (patch: FilterPatch<typeof REQUEST_FILTERS>) => void;
  onClear: () => void;
};

/** Location, platform and a date range (UTC days) above the user-requests table. */
export function RequestFiltersBar({ filters, onChange, onClear }: Props) {
  const locations = useLocationOptions();
  return (
    <FilterBar selects={requestFilterSelects(locations)} values={filters} onChange={onChange} onClear={onClear}>
      <TextInput
        type="date"
        label="From"
        description="UTC day"
        value={filters.from ?? ''}
        max={filters.to}
        onChange={(e) => onChange({ from: e.currentTarget.value || undefined })}
        w={{ base: '100%', xs: 170 }}
        size="sm"
      />
      <TextInput
        type="date"
        label="To"
        description="UTC day, included"
        value={filters.to ?? ''}
        min={filters.from}
        onChange={(e) => onChange({ to: e.currentTarget.value || undefined })}
        w={{ base: '100%', xs: 170 }}
        size="sm"
      />
    </FilterBar>
  );
}
