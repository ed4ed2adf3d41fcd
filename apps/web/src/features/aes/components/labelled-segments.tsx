import { SegmentedControl, Stack, Text } from '@mantine/core';

/** A segmented choice with a visible label that names it (key size, mode, encoding). */
export function LabelledSegments<V extends string>(props: {
  id: string;
  label: string;
  data: { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
  gap?: number;
  maw?: number;
}) {
  return (
    <Stack gap={props.gap ?? 6}>
      <Text size="sm" fw={500} id={props.id}>
        {props.label}
      </Text>
      <SegmentedControl
        aria-labelledby={props.id}
        data={props.data}
        value={props.value}
        onChange={(value) => props.onChange(value as V)}
        maw={props.maw}
      />
    </Stack>
  );
}
