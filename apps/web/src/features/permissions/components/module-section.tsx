import type { Module, PermissionDetail } from '@console/contract';
import { Badge, Checkbox, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { KeyGroup } from './key-group';

type Props = {
  module: Module;
  groups: readonly PermissionDetail[];
  granted: boolean;
  menuCount: number;
  keys: ReadonlySet<string>;
  disabled: boolean;
  onToggleModule: (on: boolean) => void;
  onKeysChange: (keys: string[], on: boolean) => void;
};

/** A module of the matrix: may the role open it, and which keys of its screens it holds. */
export function ModuleSection({ module, groups, granted, menuCount, keys, disabled, onToggleModule, onKeysChange }: Props) {
  const allKeys = groups.flatMap((g) => g.subModules.map((s) => s.roleKey));
  const keyCount = allKeys.filter((k) => keys.has(k)).length;
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={`${module.name} module`}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Checkbox
          size="md"
          label={<Text fw={650}>{`${module.name} module`}</Text>}
          description={module.description}
          checked={granted}
          disabled={disabled}
          onChange={(event) => onToggleModule(event.currentTarget.checked)}
        />
        <Group gap={6}>
          <Badge variant="light" tt="none" color={menuCount > 0 ? 'brand' : 'gray'}>
            {menuCount}/{module.menus.length} menus
          </Badge>
          <Badge variant="light" tt="none" color={keyCount > 0 ? 'brand' : 'gray'}>
            {keyCount}/{allKeys.length} keys
          </Badge>
        </Group>
      </Group>
      {groups.length > 0 ? (
        <Stack gap={0} mt="sm">
          {groups.map((group, i) => (
            <Fragment key={group.id}>
              {i > 0 ? <Divider /> : null}
              <KeyGroup group={group} selected={keys} disabled={disabled} onChange={onKeysChange} />
            </Fragment>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" mt="sm">
          This module has no permission keys.
        </Text>
      )}
    </Paper>
  );
}
