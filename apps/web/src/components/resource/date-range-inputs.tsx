import { TextInput } from '@mantine/core';
import { browserTimeZone } from '../../lib/time-zone';

type Props = { from?: string; to?: string; onChange: (patch: { from?: string; to?: string }) => void };

/**
 * A list's from/to filters (`to` included); each end bounds the other. The days are the
 * browser's time zone's, as the list's times are shown (the list call names the zone), and the
 * inputs say which zone that is.
 */
export function DateRangeInputs({ from, to, onChange }: Props) {
  const ends = [
    { name: 'from', label: 'From', description: `Days in ${browserTimeZone().replaceAll('_', ' ')}`, value: from, min: undefined, max: to },
    { name: 'to', label: 'To', description: 'That day included', value: to, min: from, max: undefined },
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
