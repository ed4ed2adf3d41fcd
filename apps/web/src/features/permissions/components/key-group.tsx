import type { PermissionDetail } from '@console/contract';
import { Box, Checkbox, Code, Group, SimpleGrid, Text } from '@mantine/core';

type Props = {
  group: PermissionDetail;
  selected: ReadonlySet<string>;
  disabled: boolean;
  onChange: (keys: string[], on: boolean) => void;
};

/** One permission group (one screen): a select-all box and a box per key. */
export function KeyGroup({ group, selected, disabled, onChange }: Props) {
  const keys = group.subModules.map((s) => s.roleKey);
  const count = keys.filter((k) => selected.has(k)).length;
  const labelId = `key-group-${group.id}`;
  return (
    <Box role="group" aria-labelledby={labelId} py="xs">
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={6}>
        <Text id={labelId} fw={600} size="sm">
          {group.name}
        </Text>
        <Checkbox
          size="xs"
          label="Select all"
          aria-label={`Select all ${group.name} keys`}
          checked={count > 0 && count === keys.length}
          indeterminate={count > 0 && count < keys.length}
          disabled={disabled}
          onChange={() => onChange(keys, count < keys.length)}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="xs" verticalSpacing={6}>
        {group.subModules.map((sub) => (
          <Checkbox
            key={sub.roleKey}
            label={sub.name}
            aria-label={`${sub.name} (${sub.roleKey})`}
            description={<Code fz="xs">{sub.roleKey}</Code>}
            checked={selected.has(sub.roleKey)}
            disabled={disabled}
            onChange={(event) => onChange([sub.roleKey], event.currentTarget.checked)}
          />
        ))}
      </SimpleGrid>
    </Box>
  );
}
