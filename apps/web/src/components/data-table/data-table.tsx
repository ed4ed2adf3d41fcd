import { ERROR_MESSAGES } from '@console/contract';
import { Alert, Box, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { memo, type ReactNode, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useChangeEffect, useChangeLayoutEffect } from '../../lib/use-change-effect';
import { useQuery } from '../../lib/use-query';
import { breakable } from './breakable-text';
import { BulkDeleteButton } from './bulk-delete-button';
import classes from './data-table.module.css';
import { ColumnChooser } from './column-chooser';
import { columnTitle, valueAtPath } from './column-title';
import { ExportButtons } from './export-buttons';
import { ListFooter } from './list-footer';
import { RowWindowProvider, useRowWindow, WINDOW_FROM } from './row-window';
import { type ListQueryOptions, toExportQuery } from './list-query';
import { SearchBox } from './search-box';
import { HeaderSelectionCheckbox, RowSelectionCheckbox } from './selection-checkboxes';
import { createSelectionStore } from './selection-store';
import { type SortStatus, type TableColumn, TableView } from './table-view';
import type { ConfirmDeleteRequest, DataTableColumnDef, DataTableExportConfig, DataTableQueryFn, RecordId } from './types';
import { columnStorageKey, useColumnVisibility } from './use-column-visibility';
import { useListQueryState } from './use-list-query-state';

const SELECTION_ACCESSOR = '__selection';
const NO_RECORDS: never[] = [];
/** Pages longer than this render as a deferred render (see shownRecords) and draw their rows as they are scrolled to (row-window.tsx). */
const DEFER_ROWS = WINDOW_FROM;

type BulkDeleteProps =
  | { onBulkDelete?: undefined; onConfirmDelete?: undefined }
  | {
      /** Deletes the selected rows; reject to keep the selection (report the error yourself). */
      onBulkDelete: (ids: RecordId[]) => Promise<unknown> | unknown;
      /** The caller's confirm dialog; resolve true to go ahead. Show `request.title/text/confirmButtonText` (spec s.8). */
      onConfirmDelete: (request: ConfirmDeleteRequest) => Promise<boolean>;
    };

export type DataTableProps<T> = {
  /** Identifies the table (column choices are stored per table and user). */
  tableId: string;
  /** The signed-in user's id, part of the column-chooser storage key. */
  userId: string | number | null | undefined;
  /** Accessible name of the table, e.g. 'Users'. */
  label: string;
  /**
   * Rows hold nothing focusable (no actions, links or checkboxes): the scroll area itself takes
   * focus so a keyboard user can scroll it sideways on a narrow screen (axe scrollable-region-focusable).
   */
  focusableScroll?: boolean;
  /** Keep stable (module scope or useMemo): rows re-render when this array changes. */
  columns: readonly DataTableColumnDef<T>[];
  /** Base query key, e.g. ['users'] or ['demo-media', { clientId }]; the list query is appended. */
  queryKey: readonly unknown[];
  queryFn: DataTableQueryFn<T>;
  /** Record id field or getter; default 'id'. */
  idAccessor?: (keyof T & string) | ((record: T) => RecordId);
  /** Name of a row in checkbox labels ('Select {name}'); default 'row {id}'. */
  getRecordLabel?: (record: T) => string;
  isRecordSelectable?: (record: T) => boolean;
  /** Show row checkboxes without bulk delete (read the selection with onSelectionChange). Default: when onBulkDelete is given. */
  selectable?: boolean;
  /** Called with the selected ids whenever the selection changes. */
  onSelectionChange?: (ids: RecordId[]) => void;
  /** Buttons next to the search (e.g. 'Add user'). */
  toolbar?: ReactNode;
  exports?: DataTableExportConfig;
  /** URL parameter options: prefix, default sort, default limit. */
  listQueryOptions?: ListQueryOptions;
  searchable?: boolean;
  searchLabel?: string;
  searchPlaceholder?: string;
  noRecordsText?: string;
  /** Table body height; with 500 rows the body scrolls under a sticky header. Default: up to 65vh. */
  height?: number | string;
  maxHeight?: number | string;
  onRowClick?: (record: T, index: number) => void;
  /** Keeps the last column (e.g. row actions) in view while a wide table scrolls sideways. */
  pinLastColumn?: boolean;
  /** Called with the rows shown whenever they change (also rows a route's loader prefetched, which queryFn never saw). */
  onRecords?: (records: T[]) => void;
  /** Re-reads the page this often (e.g. a live list's fallback while its stream is cut, lib/live-status.ts); default never. */
  refetchInterval?: number | false;
} & BulkDeleteProps;

/**
 * The server-side list of every admin screen (spec s.3 list query/result, s.9 row limits).
 * Memoized: a screen re-renders when its filter or form options arrive, and the table (its
 * header, toolbar and rows) has nothing to redraw then.
 */
export const DataTable = memo(DataTableView) as typeof DataTableView;

function DataTableView<T>(props: DataTableProps<T>) {
  const {
    tableId,
    userId,
    label,
    focusableScroll,
    columns,
    queryKey,
    queryFn,
    idAccessor = 'id' as keyof T & string,
    getRecordLabel,
    isRecordSelectable,
    toolbar,
    exports,
    listQueryOptions,
    refetchInterval = false,
    searchable = true,
    searchLabel = 'Search',
    searchPlaceholder = 'Search...',
    noRecordsText = 'No records found',
    height,
    maxHeight = '65vh',
    onRowClick,
    pinLastColumn,
    onBulkDelete,
    onConfirmDelete,
    onSelectionChange,
    onRecords,
  } = props;
  const selectable = props.selectable ?? Boolean(onBulkDelete);

  const sortFields = useMemo(() => columns.filter((c) => c.sortable !== false).map((c) => c.sortField ?? c.accessor), [columns]);
  const list = useListQueryState({ sortFields, ...listQueryOptions });
  const { query } = list;

  const queryClient = useQueryClient();
  const fullKey = useMemo(() => [...queryKey, query], [queryKey, query]);
  const result = useQuery({
    queryKey: fullKey,
    queryFn: ({ signal }) => queryFn(query, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
  const records = (result.data?.data ?? NO_RECORDS) as T[];
  // The rows in the table. Rendering a long page (up to 500 rows) is most of a list's work: it
  // runs as a deferred render, which yields to the browser every few ms, so the page paints and
  // answers clicks meanwhile instead of freezing for the whole page. A short page renders at once.
  const deferredRecords = useDeferredValue(records, NO_RECORDS as T[]);
  const shownRecords = records.length > DEFER_ROWS ? deferredRecords : records;
  const rendering = shownRecords !== records;
  const total = result.data?.total ?? 0;
  const totalPages = result.data?.totalPages ?? 0;
  // The effects that follow the answer run through useChangeEffect (lib/use-change-effect.ts): React may skip
  // a plain effect's run when the answer's transition commits.
  useChangeEffect(() => {
    if (records !== NO_RECORDS) onRecords?.(records);
  }, [records, onRecords]);

  // After deletes (or a stale link) the page may be past the end: go to the last page (a capped
  // count does not know the end, and pages past its cap exist).
  const totalCapped = result.data?.totalCapped === true;
  useChangeEffect(() => {
    if (result.data && !result.isPlaceholderData && !totalCapped && totalPages > 0 && query.page > totalPages) {
      list.setQuery({ page: totalPages }, { replace: true });
    }
  }, [result.data, result.isPlaceholderData, totalCapped, totalPages, query.page, list]);

  const [store] = useState(createSelectionStore);
  const getId = useMemo(
    () => (record: T) => (typeof idAccessor === 'function' ? idAccessor(record) : (valueAtPath(record, idAccessor) as RecordId)),
    [idAccessor],
  );

  // A new page, search, sort or size means other rows: selection does not carry over.
  useChangeEffect(() => {
    store.clear();
  }, [query, store]);
  useChangeLayoutEffect(() => {
    const ids = shownRecords.map(getId);
    const selectableIds = isRecordSelectable ? shownRecords.filter(isRecordSelectable).map(getId) : ids;
    store.setPageIds(ids, selectableIds);
    store.retain(ids);
  }, [shownRecords, getId, isRecordSelectable, store]);

  useEffect(() => {
    if (!onSelectionChange) return;
    let last = store.getSelected();
    return store.subscribe(() => {
      const current = store.getSelected();
      if (current === last) return; // page ids changed, not the selection
      last = current;
      onSelectionChange([...current]);
    });
  }, [store, onSelectionChange]);

  const visibility = useColumnVisibility(columns, columnStorageKey(tableId, userId));

  const tableColumns = useMemo(() => {
    const visible = new Set(visibility.visible);
    const out: TableColumn<T>[] = [];
    const lastVisible = columns.filter((c) => visible.has(c.accessor)).at(-1)?.accessor;
    if (selectable) {
      out.push({
        accessor: SELECTION_ACCESSOR,
        title: <HeaderSelectionCheckbox store={store} />,
        sortable: false,
        width: 44,
        render: (record) => {
          const id = getId(record);
          return (
            <RowSelectionCheckbox
              store={store}
              id={id}
              label={`Select ${getRecordLabel ? getRecordLabel(record) : `row ${id}`}`}
              disabled={isRecordSelectable ? !isRecordSelectable(record) : false}
            />
          );
        },
      });
    }
    for (const column of columns) {
      if (!visible.has(column.accessor)) continue;
      const { render, accessor } = column;
      out.push({
        accessor,
        title: columnTitle(column),
        sortable: column.sortable !== false,
        // Long e-mails and URLs may wrap at "@", "." and "/", so the table fits its page.
        // A rendered cell is a memoised element: when a row renders again for another reason (its
        // index, the columns around it) a cell whose record and column are the same is not.
        render: render
          ? (record: T, index: number) => <Cell render={render as CellRender} record={record} index={index} />
          : (record: T) => breakable(valueAtPath(record, accessor) as ReactNode),
        width: column.width,
        textAlign: column.textAlign,
        noWrap: column.noWrap,
        pinned: pinLastColumn === true && accessor === lastVisible,
      });
    }
    return out;
  }, [columns, visibility.visible, selectable, store, getId, getRecordLabel, isRecordSelectable, pinLastColumn]);

  const sortStatus = useMemo<SortStatus>(() => {
    const column = columns.find((c) => (c.sortField ?? c.accessor) === query.sortField);
    return { columnAccessor: column?.accessor ?? query.sortField ?? '', direction: query.sortOrder };
  }, [columns, query.sortField, query.sortOrder]);

  // A click on the sorted column's header turns its direction; on another header, that column
  // is sorted in the current direction (as mantine-datatable did, and the users know).
  const { setSort } = list;
  const onSort = useCallback(
    (accessor: string) => {
      const column = columns.find((c) => c.accessor === accessor);
      if (!column) return;
      const flip = sortStatus.direction === 'asc' ? 'desc' : 'asc';
      setSort(column.sortField ?? column.accessor, sortStatus.columnAccessor === accessor ? flip : sortStatus.direction);
    },
    [columns, setSort, sortStatus],
  );

  const exportQuery = useMemo(() => toExportQuery(query), [query]);
  const isEmpty = !result.isFetching && !result.isError && records.length === 0 && shownRecords.length === 0;
  const fetching = result.isFetching;

  // Memoised rows keep the row-click handler of their last render: it calls the latest
  // onRowClick through a ref, so a kept row never calls a stale one.
  const latestRowClick = useRef(onRowClick);
  latestRowClick.current = onRowClick;
  const hasRowClick = onRowClick !== undefined;
  const rowClick = useMemo(
    () => (hasRowClick ? (record: T, index: number) => latestRowClick.current?.(record, index) : undefined),
    [hasRowClick],
  );

  // A long page draws the rows near the body's scroll position (row-window.tsx).
  const rowWindow = useRowWindow(shownRecords.length, tableColumns.length, shownRecords);
  const { viewportRef } = rowWindow;
  // Where focus goes after "Delete selected" (the button is then disabled): the select-all box.
  const selectAllBox = useCallback(() => viewportRef.current?.querySelector<HTMLElement>('thead input[type="checkbox"]'), [viewportRef]);

  // The table itself renders again only when one of its own inputs changes (not when the toolbar,
  // the footer or the page around it does).
  const table = useMemo(
    () => (
      <TableView<T>
        label={label}
        columns={tableColumns}
        records={shownRecords}
        getId={getId}
        sortStatus={sortStatus}
        onSort={onSort}
        fetching={fetching}
        empty={<EmptyState active={isEmpty} text={noRecordsText} />}
        onRowClick={rowClick}
        height={height}
        maxHeight={maxHeight}
        viewportRef={rowWindow.viewportRef}
        onScroll={rowWindow.onScroll}
        focusLabel={focusableScroll ? `${label}, scrollable` : undefined}
      />
    ),
    [
      label,
      tableColumns,
      shownRecords,
      getId,
      sortStatus,
      onSort,
      fetching,
      isEmpty,
      noRecordsText,
      rowClick,
      height,
      maxHeight,
      rowWindow.viewportRef,
      rowWindow.onScroll,
      focusableScroll,
    ],
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        {/* On a phone the search takes the whole row (its box is 100% of this group). */}
        <Group gap="sm" wrap="wrap" w={{ base: '100%', sm: 'auto' }}>
          {searchable ? (
            <SearchBox value={query.search} onSearch={list.setSearch} label={searchLabel} placeholder={searchPlaceholder} />
          ) : null}
          {onBulkDelete && onConfirmDelete ? (
            <BulkDeleteButton
              store={store}
              onConfirmDelete={onConfirmDelete}
              onBulkDelete={onBulkDelete}
              onDeleted={() => queryClient.invalidateQueries({ queryKey: [...queryKey] })}
              focusAfterDelete={selectAllBox}
            />
          ) : null}
        </Group>
        <Group gap="sm" wrap="wrap">
          {toolbar}
          {exports ? <ExportButtons query={exportQuery} config={exports} /> : null}
          <ColumnChooser columns={columns} visibility={visibility} />
        </Group>
      </Group>

      {result.isError ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="Could not load the list" role="alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{errorMessage(result.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => result.refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      ) : null}

      <Box className={classes.root} onFocusCapture={rowWindow.onFocusCapture} aria-busy={result.isFetching || rendering || undefined}>
        <RowWindowProvider value={rowWindow.value}>{table}</RowWindowProvider>
      </Box>
      <VisuallyHidden role="status">{result.isFetching ? 'Loading' : ''}</VisuallyHidden>

      <ListFooter
        page={query.page}
        limit={query.limit}
        rows={records.length}
        total={total}
        totalPages={totalPages}
        totalCapped={result.data?.totalCapped}
        limits={listQueryOptions?.limits}
        onPage={list.setPage}
        onLimit={list.setLimit}
      />
    </Stack>
  );
}

type CellRender = (record: unknown, index: number) => ReactNode;

const Cell = memo(function Cell({ render, record, index }: { render: CellRender; record: unknown; index: number }) {
  return breakable(render(record, index));
});

function EmptyState({ active, text }: { active: boolean; text: string }) {
  return active ? (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  ) : null;
}

function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return ERROR_MESSAGES.loadPosts;
}
