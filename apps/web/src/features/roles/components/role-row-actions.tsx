import { PERMISSION_KEYS, type RoleListItem } from '@console/contract';
import { ActionIcon, Group } from '@mantine/core';
import { IconKey, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RowTooltip } from '../../../components/data-table';
import { historyIcon, historyLabel } from '../../../components/resource';
import { useCanOpen } from '../../../components/ui/route-link';
import { useCan } from '../../../lib/permissions';
import { isProtectedRole } from '../roles-logic';

type Props = {
  role: RoleListItem;
  permissionsHref: string;
  onEdit: (role: RoleListItem) => void;
  onDelete: (role: RoleListItem) => void;
  /** The role's change history (every viewer of the list). */
  onHistory?: (role: RoleListItem) => void;
};

/**
 * Edit, Manage access and Delete for one row; each only with its key. Edit and Delete also only
 * for a role within the signed-in user's reach (`manageable`: the API refuses the others);
 * Manage access still shows a stronger role's grants, read-only in effect.
 */
export function RoleRowActions({ role, permissionsHref, onEdit, onDelete, onHistory }: Props) {
  const canUpdate = useCan(PERMISSION_KEYS.roles.update) && role.manageable;
  const canDelete = useCan(PERMISSION_KEYS.roles.delete) && role.manageable;
  // The permissions page's own key (lib/route-keys.ts), so the button and the page's guard agree.
  const canManage = useCanOpen(permissionsHref);
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {canUpdate ? (
        <RowTooltip label="Edit" withArrow>
          <ActionIcon variant="subtle" aria-label={`Edit role ${role.name}`} onClick={() => onEdit(role)}>
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        </RowTooltip>
      ) : null}
      {canManage ? (
        <RowTooltip label="Manage access" withArrow>
          <ActionIcon
            variant="subtle"
            component={Link}
            to={`${permissionsHref}?roleId=${role.id}`}
            aria-label={`Manage access for ${role.name}`}
          >
            <IconKey size={18} aria-hidden />
          </ActionIcon>
        </RowTooltip>
      ) : null}
      {onHistory ? (
        <RowTooltip label="History" withArrow>
          <ActionIcon variant="subtle" aria-label={historyLabel(`role ${role.name}`)} onClick={() => onHistory(role)}>
            {historyIcon}
          </ActionIcon>
        </RowTooltip>
      ) : null}
      {canDelete && !isProtectedRole(role) ? (
        <RowTooltip label="Delete" withArrow>
          <ActionIcon variant="subtle" color="red" aria-label={`Delete role ${role.name}`} onClick={() => onDelete(role)}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </RowTooltip>
      ) : null}
    </Group>
  );
}
