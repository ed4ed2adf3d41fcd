import type { Module, Role } from '@console/contract';
import { Badge, Checkbox, Group, Table, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { hasModule, type ModuleGrid } from '../logic/module-grid';
import classes from './module-permissions.module.css';

type Props = {
  roles: readonly Role[];
  modules: readonly Module[];
  grid: ModuleGrid;
  changed: ReadonlySet<number>;
  /** Rows that cannot change, with the reason shown beside the role name. */
  locked: (role: Role) => string | null;
  onToggle: (roleId: number, moduleId: number, on: boolean) => void;
};

/** Roles down, modules across, one checkbox per pair. */
export function ModuleGridTable({ roles, modules, grid, changed, locked, onToggle }: Props) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover withTableBorder verticalSpacing="sm" aria-label="Modules per role">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Role</Table.Th>
            {modules.map((m) => (
              <Table.Th key={m.id} scope="col" ta="center">
                {m.name}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {roles.map((role) => {
            const lockReason = locked(role);
            return (
              <Table.Tr key={role.id}>
                <Table.Th scope="row" fw={500}>
                  <Group gap={6} wrap="nowrap">
                    {lockReason ? <IconLock size={14} aria-hidden /> : null}
                    <Text size="sm" fw={600}>
                      {role.name}
                    </Text>
                    {changed.has(role.id) ? (
                      <Badge size="xs" color="orange" variant="light" classNames={{ label: classes.changes }}>
                        Changed
                      </Badge>
                    ) : null}
                  </Group>
                  {lockReason ? (
                    <Text size="xs" c="dimmed">
                      {lockReason}
                    </Text>
                  ) : null}
                </Table.Th>
                {modules.map((m) => (
                  <Table.Td key={m.id}>
                    <Checkbox
                      mx="auto"
                      w="fit-content"
                      aria-label={`${m.name} for ${role.name}`}
                      checked={lockReason === 'Every module' ? true : hasModule(grid, role.id, m.id)}
                      disabled={lockReason !== null}
                      onChange={(event) => onToggle(role.id, m.id, event.currentTarget.checked)}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
