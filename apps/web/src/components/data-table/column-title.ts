import { humanize } from 'mantine-datatable';
import type { DataTableColumnDef } from './types';

export function columnTitle<T>(column: DataTableColumnDef<T>): string {
  return column.title ?? humanize(column.accessor);
}
