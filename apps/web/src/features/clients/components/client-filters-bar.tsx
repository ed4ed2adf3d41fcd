import { Button, Group, Select } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useCompanyOptions } from '../clients-api';
import { STATUS_OPTIONS, TYPE_OPTIONS } from './client-form';
import { type ClientFilters, parseClientFilters, writeClientFilters } from './client-filters';

type Patch = Partial<Record<keyof ClientFilters, string | undefined>>;

/** The filters, kept in the URL next to the table's list query (back/forward and reload keep them). */
export function useClientFilters() {
  const [params, setParams] = useSearchParams();
  const key = ['type', 'status', 'companyId'].map((n) => params.get(n)).join('|');
  // Stable identity while the values are the same: the filters are part of the query key.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for params (a new object on every URL change)
  const filters = useMemo(() => parseClientFilters(params), [key]);
  const setFilters = useCallback((patch: Patch) => setParams((current) => writeClientFilters(current, patch)), [setParams]);
  return { filters, setFilters };
}

/** Type, status and company filters above the clients table. */
export function ClientFiltersBar({ filters, onChange }: { filters: ClientFilters; onChange: (patch: Patch) => void }) {
  const companies = useCompanyOptions();
  const companyData = (companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  if (filters.companyId && !companyData.some((o) => o.value === String(filters.companyId))) {
    companyData.push({ value: String(filters.companyId), label: `Company #${filters.companyId}` });
  }
  const active = Object.keys(filters).length > 0;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label="Filters">
      <Select
        label="Type"
        placeholder="Any type"
        data={TYPE_OPTIONS}
        value={filters.type ?? null}
        onChange={(v) => onChange({ type: v ?? undefined })}
        clearable
        w={{ base: '100%', xs: 170 }}
        size="sm"
      />
      <Select
        label="Status"
        placeholder="Any status"
        data={STATUS_OPTIONS}
        value={filters.status ?? null}
        onChange={(v) => onChange({ status: v ?? undefined })}
        clearable
        w={{ base: '100%', xs: 150 }}
        size="sm"
      />
      <Select
        label="Company"
        placeholder={companies.isError ? 'Companies unavailable' : 'All companies'}
        disabled={companies.isError && !filters.companyId}
        data={companyData}
        value={filters.companyId ? String(filters.companyId) : null}
        onChange={(v) => onChange({ companyId: v ?? undefined })}
        clearable
        searchable
        nothingFoundMessage="No company matches"
        w={{ base: '100%', xs: 220 }}
        size="sm"
      />
      {active ? (
        <Button
          variant="subtle"
          size="sm"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={() => onChange({ type: undefined, status: undefined, companyId: undefined })}
        >
          Clear filters
        </Button>
      ) : null}
    </Group>
  );
}
