import { TextInput } from '@mantine/core';
import type { FilterPatch } from '../../../components/resource';
import type { REQUEST_FILTERS, RequestFilters } from './request-filters';

type Props = { filters: RequestFilters; onChange: (patch: FilterPatch<typeof REQUEST_FILTERS>) => void };

/** The date range (UTC days) of the user-requests filters, after the location and platform selects; each end bounds the other. */
export function RequestDateRange({ filters, onChange }: Props) {
  const ends = [
    { name: 'from', label: 'From', description: 'UTC day', min: undefined, max: filters.to },
    { name: 'to', label: 'To', description: 'UTC day, included', min: filters.from, max: undefined },
  ] as const;
  return ends.map((end) => (
    <TextInput
      key={end.name}
      type="date"
      label={end.label}
      description={end.description}
      value={filters[end.name] ?? ''}
      min={end.min}
      max={end.max}
      onChange={(e) => onChange({ [end.name]: e.currentTarget.value || undefined })}
      w={{ base: '100%', xs: 170 }}
      size="sm"
    />
  ));
}
