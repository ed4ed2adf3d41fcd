import { changeHistoryResource, RESOURCES, type ResourceName } from '@console/contract';
import { TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  DateRangeInputs,
  type FilterPatch,
  type FilterSelect,
  type FilterValues,
  UserFilterSelect,
  urlFilterSpec,
} from '../../../components/resource';

/** The resources whose rows have a history (every CRUD one), by their plural label. */
const HISTORY_RESOURCES = (Object.keys(RESOURCES) as ResourceName[])
  .filter((name) => RESOURCES[name].mode === 'crud')
  .map((name) => ({ value: name, label: RESOURCES[name].label.plural }))
  .sort((a, b) => a.label.localeCompare(b.label));

/**
 * The filters of GET /change-history (contract changeHistoryFilters), kept in the URL: the
 * resource by name (one of the CRUD resources), who by user id, the row by id, days as whole days of the browser's time zone.
 */
export const HISTORY_FILTERS = {
  ...urlFilterSpec(changeHistoryResource.list.filters, ['actorId', 'from', 'to']),
  resource: HISTORY_RESOURCES.map((r) => r.value),
  entityId: 'id',
} as const;
export type HistoryFilters = FilterValues<typeof HISTORY_FILTERS>;
type Patch = FilterPatch<typeof HISTORY_FILTERS>;

/** A range given backwards is read the way it was meant: the earlier day first. */
export function orderRange(filters: HistoryFilters): HistoryFilters {
  return filters.from && filters.to && filters.from > filters.to ? { ...filters, from: filters.to, to: filters.from } : filters;
}

export const historyFilterSelects: FilterSelect[] = [
  { name: 'resource', label: 'Resource', placeholder: 'All resources', options: HISTORY_RESOURCES, width: 200, searchable: true },
];

type Props = {
  filters: HistoryFilters;
  onChange: (patch: Patch) => void;
  /** A user's name from the rows shown, for a who-filter read from the URL. */
  knownName: (userId: number) => string | undefined;
};

const ROW_ID = /^[1-9]\d{0,9}$/;

/** The row filter: what is typed goes to the URL once it is an id (or empty); a change of the URL (Clear filters, a link) shows here. */
function RowIdInput({ value, onChange }: { value: number | undefined; onChange: (id: string | undefined) => void }) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  useEffect(() => setText((prev) => (prev === String(value ?? '') ? prev : String(value ?? ''))), [value]);
  return (
    <TextInput
      label="Row ID"
      inputMode="numeric"
      placeholder="Any row"
      value={text}
      onChange={(e) => {
        const raw = e.currentTarget.value.trim();
        setText(raw);
        if (raw === '' || ROW_ID.test(raw)) onChange(raw || undefined);
      }}
      w={{ base: '100%', xs: 110 }}
      size="sm"
    />
  );
}

/** Who, the row and the day range, after the resource select; each end of the range bounds the other. */
export function HistoryFilterInputs({ filters, onChange, knownName }: Props) {
  return (
    <>
      <UserFilterSelect
        label="Who"
        value={filters.actorId}
        onChange={(id) => onChange({ actorId: id === undefined ? undefined : String(id) })}
        knownName={knownName}
      />
      <RowIdInput value={filters.entityId} onChange={(id) => onChange({ entityId: id })} />
      <DateRangeInputs from={filters.from} to={filters.to} onChange={onChange} />
    </>
  );
}
