import { ActionIcon, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { RowTooltip } from '../data-table';

export type RowAction<Row> = {
  label: string;
  icon: ReactNode;
  onClick: (row: Row) => void;
  color?: string;
  /** Left out for this row (e.g. the signed-in user's own row). */
  hidden?: (row: Row) => boolean;
};

/** Edit, extra actions and delete for one row; an action is left out when the user lacks its key. */
export function RowActions<Row>({
  row,
  name,
  onEdit,
  onDelete,
  extra = [],
}: {
  row: Row;
  name: string;
  onEdit?: (row: Row) => void;
  onDelete?: (row: Row) => void;
  extra?: RowAction<Row>[];
}) {
  const actions: RowAction<Row>[] = [
    ...(onEdit ? [{ label: 'Edit', icon: <IconPencil size={18} stroke={1.7} aria-hidden />, onClick: onEdit }] : []),
    ...extra,
    ...(onDelete ? [{ label: 'Delete', icon: <IconTrash size={18} stroke={1.7} aria-hidden />, onClick: onDelete, color: 'red' }] : []),
  ];
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {actions
        .filter((a) => !a.hidden?.(row))
        .map((a) => (
          <RowTooltip key={a.label} label={a.label} withArrow openDelay={300}>
            <ActionIcon variant="subtle" color={a.color} aria-label={`${a.label} ${name}`} onClick={() => a.onClick(row)}>
              {a.icon}
            </ActionIcon>
          </RowTooltip>
        ))}
    </Group>
  );
}
