import { Button, Group, Select } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useCompanyOptions } from '../api/get-company-options';
import { useRoleOptions } from '../api/get-role-options';
import { STATUS_OPTIONS } from './user-fields';
import { hasUserFilters, type UserFilters } from './user-filters';

type Props = {
  filters: UserFilters;
  onChange: (patch: Partial<Record<keyof UserFilters, string | undefined>>) => void;
  onClear: () => void;
};

/** Role, company and status filters above the users table; their values live in the URL. */
export function UserFiltersBar({ filters, onChange, onClear }: Props) {
  const roles = useRoleOptions();
  const companies = useCompanyOptions();
  const roleData = (roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  const companyData = (companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));

  // A filter from the URL whose option is not loaded (yet, or not readable with the user's keys)
  // still shows as selected.
  if (filters.roleId && !roleData.some((o) => o.value === String(filters.roleId))) {
    roleData.push({ value: String(filters.roleId), label: `Role #${filters.roleId}` });
  }
  if (filters.companyId && !companyData.some((o) => o.value === String(filters.companyId))) {
    companyData.push({ value: String(filters.companyId), label: `Company #${filters.companyId}` });
  }

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label="Filters">
      <Select
        label="Role"
        placeholder={roles.isError ? 'Roles unavailable' : 'All roles'}
        // Without roles.view (or users.create/update) the API refuses the list: nothing to choose from.
        disabled={roles.isError && !filters.roleId}
        data={roleData}
        value={filters.roleId ? String(filters.roleId) : null}
        onChange={(value) => onChange({ roleId: value ?? undefined })}
        clearable
        searchable={roleData.length > 8}
        w={{ base: '100%', xs: 200 }}
        size="sm"
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="Company"
        placeholder={companies.isError ? 'Companies unavailable' : 'All companies'}
        disabled={companies.isError && !filters.companyId}
        data={companyData}
        value={filters.companyId ? String(filters.companyId) : null}
        onChange={(value) => onChange({ companyId: value ?? undefined })}
        clearable
        searchable
        nothingFoundMessage="No company matches"
        w={{ base: '100%', xs: 220 }}
        size="sm"
      />
      <Select
        label="Status"
        placeholder="Any status"
        data={STATUS_OPTIONS}
        value={filters.status ?? null}
        onChange={(value) => onChange({ status: value ?? undefined })}
        clearable
        w={{ base: '100%', xs: 160 }}
        size="sm"
      />
      {hasUserFilters(filters) ? (
        <Button variant="subtle" size="sm" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={onClear}>
          Clear filters
        </Button>
      ) : null}
    </Group>
  );
}
