import { Button, Group, Select, Stack } from '@mantine/core';
import { IconChevronDown, IconFilter, IconFilterOff } from '@tabler/icons-react';
import { Children, type ReactNode, useId, useState } from 'react';
import { usePhoneLayout } from '../../lib/theme/use-phone-layout';

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

const isSet = (v: string | number | undefined) => v !== undefined && v !== '';

/**
 * A list's filters above its table: selects (and any other inputs), with 'Clear filters' once one
 * is set. On a phone, where each input takes a row, more than one input would push the table
 * below the first screen (four on user requests): they fold behind a 'Filters' button that says
 * how many are set. A single filter (a screen's client) stays in view.
 */
export function FilterBar({ selects, values, onChange, onClear, children }: Props) {
  const phone = usePhoneLayout();
  const [open, setOpen] = useState(false);
  const id = useId();
  const setCount = Object.values(values).filter(isSet).length;
  const clear =
    setCount > 0 ? (
      <Button variant="subtle" size="sm" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={onClear}>
        Clear filters
      </Button>
    ) : null;
  const inputs = (
    <>
      {selects.map((s) => (
        <FilterSelectInput key={s.name} select={s} value={values[s.name]} onChange={onChange} />
      ))}
      {children}
    </>
  );

  if (!phone || selects.length + Children.count(children) < 2) {
    return (
      <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label="Filters">
        {inputs}
        {clear}
      </Group>
    );
  }
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        <Button
          variant="default"
          size="sm"
          aria-expanded={open}
          aria-controls={open ? id : undefined}
          leftSection={<IconFilter size={16} aria-hidden />}
          rightSection={<IconChevronDown size={16} aria-hidden style={{ transform: open ? 'rotate(180deg)' : undefined }} />}
          onClick={() => setOpen((o) => !o)}
        >
          {setCount > 0 ? `Filters (${setCount})` : 'Filters'}
        </Button>
        {clear}
      </Group>
      {open ? (
        <Stack gap="sm" id={id} role="group" aria-label="Filters">
          {inputs}
        </Stack>
      ) : null}
    </Stack>
  );
}

function FilterSelectInput({
  select: s,
  value: raw,
  onChange,
}: {
  select: FilterSelect;
  value: string | number | undefined;
  onChange: Props['onChange'];
}) {
  const value = raw === undefined ? null : String(raw);
  const data =
    value && s.missingLabel && !s.options.some((o) => o.value === value)
      ? [...s.options, { value, label: s.missingLabel(value) }]
      : s.options;
  return (
    <Select
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
}
