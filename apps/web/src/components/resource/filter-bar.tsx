import { Button, Group, Select } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type Option = { value: string; label: string };

/** One select of a filter bar. */
export type FilterSelect = {
  name: string;
  label: string;
  /** Shown when nothing is chosen ('Any status'). */
  placeholder: string;
  options: readonly Option[];
  width: number;
  searchable?: boolean;
  /**
   * The options come from a call the user may not be allowed to make (e.g. companies): when it
   * failed, this placeholder says so and the select is disabled unless a value is set.
   */
  unavailable?: string | false;
  /** The label of a value from the URL whose option is not loaded (yet, or not readable): it still shows as chosen. */
  missingLabel?: (value: string) => string;
};

type Props = {
  selects: readonly FilterSelect[];
  /** The chosen values by filter name (numbers as they come from the URL). */
  values: Readonly<Record<string, string | number | undefined>>;
  onChange: (patch: Record<string, string | undefined>) => void;
  onClear: () => void;
  /** Other inputs (e.g. a date range), after the selects. */
  children?: ReactNode;
};

/** A list's filters above its table: selects (and any other inputs), with 'Clear filters' once one is set. */
export function FilterBar({ selects, values, onChange, onClear, children }: Props) {
  const active = Object.values(values).some((v) => v !== undefined && v !== '');
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label="Filters">
      {selects.map((s) => {
        const value = values[s.name] === undefined ? null : String(values[s.name]);
        const data =
          value && s.missingLabel && !s.options.some((o) => o.value === value)
            ? [...s.options, { value, label: s.missingLabel(value) }]
            : s.options;
        return (
          <Select
            key={s.name}
            label={s.label}
            placeholder={s.unavailable || s.placeholder}
            disabled={Boolean(s.unavailable) && !value}
            data={data}
            value={value}
            onChange={(v) => onChange({ [s.name]: v ?? undefined })}
            clearable
            searchable={s.searchable}
            nothingFoundMessage={s.searchable ? `No ${s.label.toLowerCase()} matches` : undefined}
            w={{ base: '100%', xs: s.width }}
            size="sm"
          />
        );
      })}
      {children}
      {active ? (
        <Button variant="subtle" size="sm" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={onClear}>
          Clear filters
        </Button>
      ) : null}
    </Group>
  );
}
