import type { User } from '@console/contract';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconKey, IconPencil, IconTrash } from '@tabler/icons-react';

export type UserRowHandlers = {
  onEdit?: (user: User) => void;
  onRegenerateKey?: (user: User) => void;
  onDelete?: (user: User) => void;
  /** The signed-in user's id: nobody deletes their own account (the API refuses it too). */
  selfId?: number;
};

export const userDisplayName = (u: Pick<User, 'firstname' | 'lastname' | 'email'>) => `${u.firstname} ${u.lastname}`.trim() || u.email;

/** Row buttons; each is left out when the user lacks its key. */
export function UserRowActions({ user, onEdit, onRegenerateKey, onDelete, selfId }: { user: User } & UserRowHandlers) {
  const name = userDisplayName(user);
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {onEdit ? (
        <Tooltip label="Edit" withArrow openDelay={300}>
          <ActionIcon variant="subtle" aria-label={`Edit ${name}`} onClick={() => onEdit(user)}>
            <IconPencil size={18} stroke={1.7} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {onRegenerateKey ? (
        <Tooltip label="Regenerate API key" withArrow openDelay={300}>
          <ActionIcon variant="subtle" color="orange" aria-label={`Regenerate API key for ${name}`} onClick={() => onRegenerateKey(user)}>
            <IconKey size={18} stroke={1.7} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {onDelete && user.id !== selfId ? (
        <Tooltip label="Delete" withArrow openDelay={300}>
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={() => onDelete(user)}>
            <IconTrash size={18} stroke={1.7} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}
