import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PLATFORM_OPTIONS } from '../../../lib/user-requests';
import { useLocationOptions } from '../api/user-requests-api';
import {
  parseRequestFilters,
  REQUEST_FILTER_PARAMS,
  type RequestFilterPatch,
  type RequestFilters,
  writeRequestFilters,
} from './request-filters';

/** The filters, kept in the URL next to the table's list query (back/forward and reload keep them). */
export function useRequestFilters() {
  const [params, setParams] = useSearchParams();
  const key = REQUEST_FILTER_PARAMS.map((n) => params.get(n)).join('|');
  // Stable identity while the values are the same: the filters are part of the query key.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for params (a new object on every URL change)
  const filters = useMemo(() => parseRequestFilters(params), [key]);
  const setFilters = useCallback((patch: RequestFilterPatch) => setParams((current) => writeRequestFilters(current, patch)), [setParams]);
  return { filters, setFilters };
}

const CLEAR_ALL: RequestFilterPatch = { locationId: undefined, platform: undefined, from: undefined, to: undefined };

/** Location, platform and a date range (UTC days) above the user-requests table. */
export function RequestFiltersBar({ filters, onChange }: { filters: RequestFilters; onChange: (patch: RequestFilterPatch) => void }) {
  const locations = useLocationOptions();
  const locationData = [...(locations.data ?? [])];
  if (filters.locationId && !locationData.some((o) => o.value === String(filters.locationId))) {
    locationData.push({ value: String(filters.locationId), label: `Location #${filters.locationId}` });
  }
  const active = Object.keys(filters).length > 0;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label="Filters">
      <Select
        label="Location"
        placeholder={locations.isError ? 'Locations unavailable' : 'All locations'}
        disabled={locations.isError && !filters.locationId}
        data={locationData}
        value={filters.locationId ? String(filters.locationId) : null}
        onChange={(v) => onChange({ locationId: v ?? undefined })}
        clearable
        searchable
        nothingFoundMessage="No location matches"
        w={{ base: '100%', xs: 220 }}
        size="sm"
      />
      <Select
        label="Platform"
        placeholder="Any platform"
        data={PLATFORM_OPTIONS}
        value={filters.platform ?? null}
        onChange={(v) => onChange({ platform: v ?? undefined })}
        clearable
        w={{ base: '100%', xs: 160 }}
        size="sm"
      />
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
      {active ? (
        <Button variant="subtle" size="sm" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={() => onChange(CLEAR_ALL)}>
          Clear filters
        </Button>
      ) : null}
    </Group>
  );
}
