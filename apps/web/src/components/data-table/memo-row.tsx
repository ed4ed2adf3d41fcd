import { TableTr, type TableTrProps } from '@mantine/core';
import { isValidElement, memo, type ReactNode } from 'react';
import { useRowWindowState } from './row-window';

type RowFactoryProps = { record: unknown; index: number; rowProps: TableTrProps; children: ReactNode };

/**
 * mantine-datatable's `rowFactory`: the row as mantine-datatable draws it (same <tr>, same cells),
 * but memoised. mantine-datatable renders every row again whenever the table renders (the
 * fetching overlay, the pinned column's measurement, a sort's first render); with 500 rows each
 * pass cost over a second of a phone's CPU. A row now renders again only when its record, its
 * place or one of its cells' inputs changed (columns, pinning, widths).
 */
export function memoRowFactory({ record, index, rowProps, children }: RowFactoryProps): ReactNode {
  return (
    <WindowedRow record={record} index={index} rowProps={rowProps}>
      {children}
    </WindowedRow>
  );
}

/**
 * Past a long page's drawn rows (row-window.tsx) the rows are held: the first held record draws
 * one empty row as tall as all held rows (so the scroll bar and the body's height are the page's),
 * the others draw nothing.
 */
function WindowedRow(props: RowFactoryProps) {
  const { drawn, rowHeight, rows, columns } = useRowWindowState();
  if (props.index < drawn) return <MemoRow {...props} />;
  if (props.index > drawn) return null;
  return (
    <tr data-held="true" style={{ height: rowHeight * (rows - drawn) }}>
      <td colSpan={columns} aria-hidden="true" />
    </tr>
  );
}

const MemoRow = memo(function MemoRow({ rowProps, children }: RowFactoryProps) {
  return <TableTr {...rowProps}>{children}</TableTr>;
}, sameRow);

function sameRow(a: RowFactoryProps, b: RowFactoryProps): boolean {
  return a.record === b.record && a.index === b.index && sameRowProps(a.rowProps, b.rowProps) && sameNode(a.children, b.children);
}

/**
 * The row's own props. Its handlers are made anew on every render but only call the table's
 * row-click option (DataTable hands over one that always calls the latest onRowClick) and the
 * expansion option (not used): they are not compared.
 */
function sameRowProps(a: TableTrProps, b: TableTrProps): boolean {
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  for (const key of keys) {
    const [x, y] = [ra[key], rb[key]];
    if (typeof x === 'function' && typeof y === 'function') continue;
    if (!sameShallow(x, y)) return false;
  }
  return true;
}

/** The cells mantine-datatable built for the row: same element types, keys and props (props compared by identity). */
function sameNode(a: ReactNode, b: ReactNode): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((child, i) => sameNode(child, b[i]));
  if (isValidElement(a) && isValidElement(b)) {
    if (a.type !== b.type || a.key !== b.key) return false;
    const pa = a.props as Record<string, unknown>;
    const pb = b.props as Record<string, unknown>;
    const keys = Object.keys(pa);
    if (keys.length !== Object.keys(pb).length) return false;
    return keys.every((key) => (key === 'children' ? sameNode(pa[key] as ReactNode, pb[key] as ReactNode) : pa[key] === pb[key]));
  }
  return false;
}

/** Equal values, or arrays (a style list) of equal values. */
function sameShallow(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (Array.isArray(x) && Array.isArray(y)) return x.length === y.length && x.every((v, i) => v === y[i]);
  return false;
}
