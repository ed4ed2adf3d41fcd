import type { Role } from '@console/contract';
import { Badge, Box, Button, Group, Paper, Select, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import classes from './permissions.module.css';

type Props = {
  roles: readonly Role[];
  roleId: number | null;
  onRoleChange: (roleId: number) => void;
  changes: number;
  readOnly: boolean;
  saving: boolean;
  onDiscard: () => void;
  onSave: () => void;
};

/** Role picker with the unsaved-changes count, Discard and Save. */
export function RoleAccessBar({ roles, roleId, onRoleChange, changes, readOnly, saving, onDiscard, onSave }: Props) {
  const role = roles.find((r) => r.id === roleId);
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-end" gap="md">
        <Group align="flex-end" gap="md" wrap="wrap" style={{ flex: 1, minWidth: 0 }}>
          <Select
            label="Role"
            placeholder="Choose a role"
            w={{ base: '100%', xs: 280 }}
            searchable
            allowDeselect={false}
            nothingFoundMessage="No role matches"
            data={roles.map((r) => ({ value: String(r.id), label: r.name }))}
            value={roleId === null ? null : String(roleId)}
            onChange={(value) => value && onRoleChange(Number(value))}
          />
          {role ? (
            <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 180 }} lineClamp={2}>
              {role.description || 'No description.'} · {role.userCount} {role.userCount === 1 ? 'user' : 'users'}
            </Text>
          ) : null}
        </Group>
        {readOnly ? null : (
          <Group gap="sm">
            <Box role="status" aria-live="polite">
              {changes > 0 ? (
                <Badge color="orange" variant="light" size="lg" radius="sm" tt="none" classNames={{ label: classes.changes }}>
                  {changes} unsaved {changes === 1 ? 'change' : 'changes'}
                </Badge>
              ) : (
                <Text size="sm" c="dimmed">
                  All changes saved
                </Text>
              )}
            </Box>
            <Button variant="default" onClick={onDiscard} disabled={changes === 0 || saving}>
              Discard
            </Button>
            <Button
              onClick={onSave}
              disabled={changes === 0}
              loading={saving}
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            >
              Save changes
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
