import { Loader } from '@mantine/core';
import { memo, type ReactNode, type Ref, type UIEvent } from 'react';
import { useKeepFocusInRows } from './keep-focus-in-rows';
import { type RowWindow, useRowWindowState } from './row-window';
import classes from './table-view.module.css';
import type { RecordId } from './types';

/** A column as the table draws it (data-table.tsx builds these from the screen's DataTableColumnDef). */
export type TableColumn<T> = {
  accessor: string;
  title: ReactNode;
  sortable: boolean;
  width?: number | string;
  textAlign?: 'left' | 'center' | 'right';
  noWrap?: boolean;
  /** Kept at the right edge while a wide table scrolls sideways (the row actions). */
  pinned?: boolean;
  render: (record: T, index: number) => ReactNode;
};

export type SortStatus = { columnAccessor: string; direction: 'asc' | 'desc' };

export type TableViewProps<T> = {
  label: string;
  columns: readonly TableColumn<T>[];
  records: readonly T[];
  getId: (record: T) => RecordId;
  sortStatus: SortStatus;
  onSort: (accessor: string) => void;
  /** A page is being read: the rows fade under a spinner. */
  fetching: boolean;
  /** Shown in the body when there are no rows (nothing otherwise). */
  empty: ReactNode;
  onRowClick?: (record: T, index: number) => void;
  /** The scroll viewport's height cap (or fixed height); its element and scroll handler for the row window. */
  height?: number | string;
  maxHeight?: number | string;
  viewportRef: Ref<HTMLDivElement>;
  onScroll?: (event: UIEvent<HTMLDivElement>) => void;
  /** The viewport itself takes focus (rows hold nothing focusable): its accessible name. */
  focusLabel?: string;
};

const SORT_TEXT = { asc: 'Sorted ascending', desc: 'Sorted descending', none: 'Not sorted' } as const;
const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * The table of every list: plain <table> markup styled by its CSS module, scrolled natively, with
 * a sticky header and (optionally) the last column pinned to the right by CSS alone. It replaces
 * mantine-datatable, which measured the page as it mounted (pinned columns, its scroll area's
 * thumbs) and set state from layout effects: on a phone-speed CPU under Lighthouse's trace each
 * of those forced a style recalculation of the whole new page inside the commit (0.2-0.5 s each on
 * the users list), and every re-render went through ~56 Mantine elements a row.
 */
export function TableView<T>(props: TableViewProps<T>) {
  const { label, columns, records, sortStatus, fetching, empty, height, maxHeight, focusLabel } = props;
  const keepFocus = useKeepFocusInRows(records);
  return (
    <div className={classes.frame} data-table-frame="" data-fetching={fetching || undefined}>
      <div
        ref={props.viewportRef}
        className={classes.viewport}
        data-table-viewport=""
        style={height === undefined ? { maxHeight } : { height }}
        onScroll={props.onScroll}
        // Rows with nothing focusable: the keyboard scrolls the body itself (axe scrollable-region-focusable).
        {...(focusLabel ? { tabIndex: 0, role: 'region', 'aria-label': focusLabel } : {})}
      >
        <table className={classes.table} aria-label={label} data-striped={records.length > 0 || undefined}>
          <thead className={classes.head}>
            <tr>
              {columns.map((column) => (
                <HeaderCell key={column.accessor} column={column} sortStatus={sortStatus} onSort={props.onSort} />
              ))}
            </tr>
          </thead>
          <tbody ref={keepFocus.bodyRef} onFocus={keepFocus.onFocus} onBlur={keepFocus.onBlur}>
            <Rows records={records} columns={columns} getId={props.getId} onRowClick={props.onRowClick} />
          </tbody>
        </table>
        {records.length === 0 ? <div className={classes.empty}>{empty}</div> : null}
      </div>
      {fetching ? (
        <div className={classes.loader} aria-hidden="true">
          <Loader size="sm" />
        </div>
      ) : null}
    </div>
  );
}

function HeaderCell<T>({
  column,
  sortStatus,
  onSort,
}: {
  column: TableColumn<T>;
  sortStatus: SortStatus;
  onSort: (accessor: string) => void;
}) {
  const style = cellStyle(column);
  if (!column.sortable) {
    return (
      <th scope="col" className={column.pinned ? classes.pinned : undefined} style={style}>
        {column.title}
      </th>
    );
  }
  const direction = sortStatus.columnAccessor === column.accessor ? sortStatus.direction : undefined;
  return (
    <th
      scope="col"
      className={column.pinned ? `${classes.sortable} ${classes.pinned}` : classes.sortable}
      style={style}
      aria-sort={direction ? ARIA_SORT[direction] : undefined}
    >
      <button
        type="button"
        className={classes.sort}
        data-direction={direction}
        // The name says how the column is sorted ('Email Sorted ascending'); its text stays the title.
        aria-label={typeof column.title === 'string' ? `${column.title} ${SORT_TEXT[direction ?? 'none']}` : undefined}
        onClick={() => onSort(column.accessor)}
      >
        <span className={classes.sortText}>{column.title}</span>
        <span className={classes.sortIcon} aria-hidden="true" />
      </button>
    </th>
  );
}

type RowsProps<T> = Pick<TableViewProps<T>, 'records' | 'columns' | 'getId' | 'onRowClick'>;

/**
 * The drawn rows of the page and, past them, one empty row as tall as the held ones (row-window.tsx).
 * A row is memoised on its record, place and columns: a re-render of the table (fetching, a
 * sort's first render, more rows drawn) does not render the rows already drawn again.
 */
function Rows<T>({ records, columns, getId, onRowClick }: RowsProps<T>) {
  const { drawn, rowHeight, rows } = useRowWindowState();
  const count = Math.min(records.length, drawn);
  const out: ReactNode[] = [];
  for (let index = 0; index < count; index++) {
    const record = records[index] as T;
    out.push(<Row key={getId(record)} record={record} index={index} columns={columns} onRowClick={onRowClick} />);
  }
  if (count < records.length) out.push(<HeldRows key="held" held={{ drawn, rowHeight, rows, columns: columns.length }} />);
  return out;
}

function HeldRows({ held }: { held: RowWindow }) {
  return (
    <tr data-held="true" className={classes.held} style={{ height: held.rowHeight * (held.rows - held.drawn) }}>
      <td colSpan={held.columns} aria-hidden="true" />
    </tr>
  );
}

type RowProps<T> = { record: T; index: number; columns: readonly TableColumn<T>[]; onRowClick?: (record: T, index: number) => void };

const Row = memo(function Row<T>({ record, index, columns, onRowClick }: RowProps<T>) {
  return (
    <tr className={onRowClick ? classes.clickable : undefined} onClick={onRowClick ? () => onRowClick(record, index) : undefined}>
      {columns.map((column) => (
        <td
          key={column.accessor}
          className={column.pinned ? classes.pinned : undefined}
          style={cellStyle(column)}
          data-nowrap={column.noWrap || undefined}
        >
          {column.render(record, index)}
        </td>
      ))}
    </tr>
  );
}) as <T>(props: RowProps<T>) => ReactNode;

function cellStyle<T>(column: TableColumn<T>) {
  if (column.width === undefined && !column.textAlign) return undefined;
  return { width: column.width, minWidth: column.width, maxWidth: column.width, textAlign: column.textAlign };
}
