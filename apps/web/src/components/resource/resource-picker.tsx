import { RESOURCES, type ResourceName } from '@console/contract';
import { Select } from '@mantine/core';
import { type OptionsRequest, type ResourceOption, useResourceOptions } from './resource-options';

export type ResourcePickerProps<N extends ResourceName, F extends string> = OptionsRequest<F> & {
  /** The resource whose options (RESOURCES[name].options) it offers. */
  name: N;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  /** Default: the resource's singular label ('Client'). */
  label?: string;
  /** Shown when nothing is chosen (clearable pickers: what "none" means here, e.g. 'All clients'). */
  placeholder?: string;
  /** Only the options this keeps (e.g. the clients whose type suits a media kind; ask for the fields it reads). */
  filter?: (option: ResourceOption<N, F>) => boolean;
  clearable?: boolean;
  w?: number | string | Record<string, number | string>;
};

/**
 * A searchable select of a resource's options. A chosen id the list does not hold (yet, or not
 * readable) still shows as '<Singular> #id'; with a `status` field an inactive row says so.
 */
export function ResourcePicker<N extends ResourceName, const F extends string = never>(props: ResourcePickerProps<N, F>) {
  const { name, value, onChange, filter, clearable = true } = props;
  const { singular, plural } = RESOURCES[name].label;
  const options = useResourceOptions(name, { fields: props.fields, params: props.params });
  const data = (options.data ?? [])
    .filter((o) => !filter || filter(o))
    .map((o) => ({ value: o.value, label: (o as { status?: unknown }).status === 'inactive' ? `${o.label} (inactive)` : o.label }));
  if (value && !data.some((o) => o.value === String(value))) data.push({ value: String(value), label: `${singular} #${value}` });
  const placeholder = options.isError
    ? `${plural} unavailable`
    : options.isLoading
      ? `Loading ${plural.toLowerCase()}…`
      : (props.placeholder ?? `Choose a ${singular.toLowerCase()}`);
  return (
    <Select
      label={props.label ?? singular}
      placeholder={placeholder}
      data={data}
      value={value ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : undefined)}
      clearable={clearable}
      // A picker that may not be emptied must not be emptied by re-picking its value either.
      allowDeselect={clearable}
      searchable
      nothingFoundMessage={`No ${singular.toLowerCase()} matches`}
      w={props.w ?? { base: '100%', xs: 280 }}
      size="sm"
    />
  );
}
