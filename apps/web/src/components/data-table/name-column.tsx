import { Text } from '@mantine/core';
import type { DataTableColumnDef } from './types';

/**
 * The bold 'Name' column most lists start with. It breaks between words (a floor width keeps
 * them whole, so a phone scrolls the table sideways rather than squeezing the name to a letter a
 * line); only an over-long word breaks inside.
 */
export function nameColumn<T extends { name: string }>(
  width: { miw: number; maw?: number } = { miw: 140, maw: 260 },
): DataTableColumnDef<T> {
  return {
    accessor: 'name',
    title: 'Name',
    render: (row) => (
      <Text size="sm" fw={600} miw={width.miw} maw={width.maw} style={{ overflowWrap: 'break-word' }}>
        {row.name}
      </Text>
    ),
  };
}
