import { TextInput } from '@mantine/core';

type Props = { from?: string; to?: string; onChange: (patch: { from?: string; to?: string }) => void };

/** A list's from/to filters (UTC days, `to` included); each end bounds the other. */
export function DateRangeInputs({ from, to, onChange }: Props) {
  const ends = [
    { name: 'from', label: 'From', description: 'UTC day', value: from, min: undefined, max: to },
    { name: 'to', label: 'To', description: 'UTC day, included', value: to, min: from, max: undefined },
  ] as const;
  return ends.map((end) => (
    <TextInput
      key={end.name}
      type="date"
      label={end.label}
      description={end.description}
      value={end.value ?? ''}
      min={end.min}
      max={end.max}
      onChange={(e) => onChange({ [end.name]: e.currentTarget.value || undefined })}
      w={{ base: '100%', xs: 170 }}
      size="sm"
    />
  ));
}
