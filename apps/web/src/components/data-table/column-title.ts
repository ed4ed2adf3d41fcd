import type { DataTableColumnDef } from './types';

/** 'createdAt' -> 'Created at', 'role_name' -> 'Role name': the header of a column without a title. */
function humanize(accessor: string): string {
  const words = accessor
    .replace(/([a-z\d])([A-Z]+)/g, '$1 $2')
    .replace(/\W|_/g, ' ')
    .trim()
    .toLowerCase();
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

export function columnTitle<T>(column: DataTableColumnDef<T>): string {
  return column.title ?? humanize(column.accessor);
}

/** The value at a dot path ('role.name', 'items[0].id'): what a column without `render` shows. */
export function valueAtPath(record: unknown, path: string): unknown {
  let value: unknown = record;
  for (const key of path.match(/[^[.\]]+/g) ?? []) {
    if (value === null || value === undefined) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
