import { ActionIcon, Box, Group } from '@mantine/core';
import { IconHistory, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { RowTooltip } from '../data-table';

export type RowAction<Row> = {
  label: string;
  icon: ReactNode;
  onClick: (row: Row) => void;
  color?: string;
  /** Its accessible name for a row (default '<label> <name>'). */
  ariaLabel?: (name: string) => string;
  /** Left out for this row (e.g. the signed-in user's own row). */
  hidden?: (row: Row) => boolean;
  /**
   * True on the row whose view this action has opened on the page (a location's tone sequences): the button is
   * filled and says aria-current, so sighted and screen reader users alike can tell which row the panel is about.
   */
  current?: (row: Row) => boolean;
};

/** The History row action's icon (custom row renderers show the same). */
export const historyIcon = <IconHistory size={18} stroke={1.7} aria-hidden />;

/**
 * Where a row's action is left out (the own account's Delete): a blank of an icon's size, so each
 * action sits in the same column on every row instead of shifting right under its neighbours.
 */
export const EmptyActionSlot = () => <Box w="var(--ai-size-md)" h="var(--ai-size-md)" style={{ flex: 'none' }} aria-hidden />;

/** The History action's accessible name for a row. */
export const historyLabel = (name: string) => `History of ${name}`;

/** Edit, extra actions, history and delete for one row; an action is left out when the user lacks its key. */
export function RowActions<Row>({
  row,
  name,
  onEdit,
  onDelete,
  onHistory,
  extra = [],
}: {
  row: Row;
  name: string;
  onEdit?: (row: Row) => void;
  onDelete?: (row: Row) => void;
  onHistory?: (row: Row) => void;
  extra?: RowAction<Row>[];
}) {
  const actions: RowAction<Row>[] = [
    ...(onEdit ? [{ label: 'Edit', icon: <IconPencil size={18} stroke={1.7} aria-hidden />, onClick: onEdit }] : []),
    ...extra,
    ...(onHistory ? [{ label: 'History', icon: historyIcon, onClick: onHistory, ariaLabel: historyLabel }] : []),
    ...(onDelete ? [{ label: 'Delete', icon: <IconTrash size={18} stroke={1.7} aria-hidden />, onClick: onDelete, color: 'red' }] : []),
  ];
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {actions.map((a) =>
        a.hidden?.(row) ? (
          <EmptyActionSlot key={a.label} />
        ) : (
          <RowTooltip key={a.label} label={a.label} withArrow openDelay={300}>
            <ActionIcon
              variant={a.current?.(row) ? 'light' : 'subtle'}
              color={a.color}
              aria-label={a.ariaLabel ? a.ariaLabel(name) : `${a.label} ${name}`}
              aria-current={a.current?.(row) ? 'true' : undefined}
              onClick={() => a.onClick(row)}
            >
              {a.icon}
            </ActionIcon>
          </RowTooltip>
        ),
      )}
    </Group>
  );
}
