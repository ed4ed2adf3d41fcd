import type { Role } from '@console/contract';
import { Group, Paper, Select, Text } from '@mantine/core';

type Props = {
  roles: readonly Role[];
  roleId: number | null;
  onRoleChange: (roleId: number) => void;
};

/** The role whose grants the matrix shows. */
export function RoleAccessBar({ roles, roleId, onRoleChange }: Props) {
  const role = roles.find((r) => r.id === roleId);
  return (
    <Paper withBorder radius="md" p="md">
      <Group align="flex-end" gap="md" wrap="wrap">
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
          <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 180 }} lineClamp={2} pb={8}>
            {role.description || 'No description.'} · {role.userCount} {role.userCount === 1 ? 'user' : 'users'}
          </Text>
        ) : null}
      </Group>
    </Paper>
  );
}
