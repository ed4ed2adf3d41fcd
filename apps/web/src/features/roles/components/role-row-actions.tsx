import { PERMISSION_KEYS, type Role } from '@console/contract';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconKey, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCan } from '../../../lib/permissions';
import { isProtectedRole } from '../roles-logic';

type Props = {
  role: Role;
  permissionsHref: string;
  onEdit: (role: Role) => void;
  onDelete: (role: Role) => void;
};

/** Edit, Manage access and Delete for one row; each only with its key. */
export function RoleRowActions({ role, permissionsHref, onEdit, onDelete }: Props) {
  const canUpdate = useCan(PERMISSION_KEYS.roles.update);
  const canDelete = useCan(PERMISSION_KEYS.roles.delete);
  const canManage = useCan(PERMISSION_KEYS.permissions.view);
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {canUpdate ? (
        <Tooltip label="Edit" withArrow>
          <ActionIcon variant="subtle" aria-label={`Edit role ${role.name}`} onClick={() => onEdit(role)}>
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {canManage ? (
        <Tooltip label="Manage access" withArrow>
          <ActionIcon
            variant="subtle"
            component={Link}
            to={`${permissionsHref}?roleId=${role.id}`}
            aria-label={`Manage access for ${role.name}`}
          >
            <IconKey size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {canDelete && !isProtectedRole(role) ? (
        <Tooltip label="Delete" withArrow>
          <ActionIcon variant="subtle" color="red" aria-label={`Delete role ${role.name}`} onClick={() => onDelete(role)}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}
