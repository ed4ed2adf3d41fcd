import { Button, Menu } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { DeferredMenu } from '../ui/deferred-menu';
import type { ColumnVisibility } from './use-column-visibility';
import type { DataTableColumnDef } from './types';
import { columnTitle } from './column-title';

export interface ColumnChooserProps<T> {
  columns: readonly DataTableColumnDef<T>[];
  visibility: ColumnVisibility;
  label?: string;
}

/** A menu of checkboxes, one per column the user may hide. */
export function ColumnChooser<T>({ columns, visibility, label = 'Columns' }: ColumnChooserProps<T>) {
  const hideable = columns.filter((c) => c.hideable !== false);
  if (hideable.length === 0) return null;
  const lastVisible = visibility.visible.length <= 1;
  return (
    // No initial-focus placeholder: Mantine renders it as a focusable role="presentation" child of
    // role="menu" (axe aria-required-children, critical); focus goes to the first item instead.
    <DeferredMenu
      target={
        <Button variant="default" leftSection={<IconColumns size={16} aria-hidden />}>
          {label}
        </Button>
      }
      closeOnItemClick={false}
      position="bottom-end"
      shadow="md"
      withInitialFocusPlaceholder={false}
    >
      <Menu.Label>Show columns</Menu.Label>
      {hideable.map((column) => {
        const checked = visibility.isVisible(column.accessor);
        return (
          <Menu.CheckboxItem
            key={column.accessor}
            checked={checked}
            // The last visible column stays: a table without columns helps nobody.
            disabled={checked && lastVisible}
            onChange={(next) => visibility.setVisible(column.accessor, next)}
          >
            {columnTitle(column)}
          </Menu.CheckboxItem>
        );
      })}
      <Menu.Divider />
      <Menu.Item onClick={visibility.reset}>Reset columns</Menu.Item>
    </DeferredMenu>
  );
}
