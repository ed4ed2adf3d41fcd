import type { User, UserListItem } from '@console/contract';
import { ActionIcon, Group, Text } from '@mantine/core';
import { IconKey, IconLock, IconPencil, IconShieldOff, IconTrash } from '@tabler/icons-react';
import { RowTooltip } from '../../../components/data-table';
import { EmptyActionSlot, historyIcon, historyLabel } from '../../../components/resource';

export type UserRowHandlers = {
  onEdit?: (user: UserListItem) => void;
  onRegenerateKey?: (user: UserListItem) => void;
  /** Remove the user's authenticator app and passkeys (users.reset-factors). */
  onResetFactors?: (user: UserListItem) => void;
  onDelete?: (user: UserListItem) => void;
  /** The user's change history (every viewer of the list). */
  onHistory?: (user: UserListItem) => void;
  /** The signed-in user's id: nobody deletes their own account (the API refuses it too). */
  selfId?: number;
};

export const userDisplayName = (u: Pick<User, 'firstname' | 'lastname' | 'email'>) => `${u.firstname} ${u.lastname}`.trim() || u.email;

const BEYOND_ROLE_HINT = 'Your role cannot manage this user: their role has permissions yours does not';

/**
 * Row buttons; each is left out when the signed-in user lacks its key. A user whose role is
 * stronger than the signed-in user's (not `manageable`) gets none: a lock says why.
 */
export function UserRowActions({
  user,
  onEdit,
  onRegenerateKey,
  onResetFactors,
  onDelete,
  onHistory,
  selfId,
}: { user: UserListItem } & UserRowHandlers) {
  const name = userDisplayName(user);
  const history = onHistory ? (
    <RowTooltip label="History" withArrow openDelay={300}>
      <ActionIcon variant="subtle" aria-label={historyLabel(name)} onClick={() => onHistory(user)}>
        {historyIcon}
      </ActionIcon>
    </RowTooltip>
  ) : null;
  if (!user.manageable && (onEdit || onRegenerateKey || onResetFactors || onDelete)) {
    return (
      <Group gap={4} wrap="nowrap" justify="flex-end">
        {history}
        <RowTooltip label={BEYOND_ROLE_HINT} withArrow openDelay={300} multiline w={240}>
          <Text component="span" c="dimmed" tabIndex={0} role="img" aria-label={`${BEYOND_ROLE_HINT} (${name})`} lh={0}>
            <IconLock size={18} stroke={1.7} aria-hidden />
          </Text>
        </RowTooltip>
      </Group>
    );
  }
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {onEdit ? (
        <RowTooltip label="Edit" withArrow openDelay={300}>
          <ActionIcon variant="subtle" aria-label={`Edit ${name}`} onClick={() => onEdit(user)}>
            <IconPencil size={18} stroke={1.7} aria-hidden />
          </ActionIcon>
        </RowTooltip>
      ) : null}
      {onRegenerateKey ? (
        <RowTooltip label="Regenerate API key" withArrow openDelay={300}>
          <ActionIcon variant="subtle" color="orange" aria-label={`Regenerate API key for ${name}`} onClick={() => onRegenerateKey(user)}>
            <IconKey size={18} stroke={1.7} aria-hidden />
          </ActionIcon>
        </RowTooltip>
      ) : null}
      {onResetFactors ? (
        <RowTooltip label="Reset second factors" withArrow openDelay={300}>
          <ActionIcon variant="subtle" color="orange.9" aria-label={`Reset second factors of ${name}`} onClick={() => onResetFactors(user)}>
            <IconShieldOff size={18} stroke={1.7} aria-hidden />
          </ActionIcon>
        </RowTooltip>
      ) : null}
      {history}
      {onDelete && user.id === selfId ? <EmptyActionSlot /> : null}
      {onDelete && user.id !== selfId ? (
        <RowTooltip label="Delete" withArrow openDelay={300}>
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={() => onDelete(user)}>
            <IconTrash size={18} stroke={1.7} aria-hidden />
          </ActionIcon>
        </RowTooltip>
      ) : null}
    </Group>
  );
}
