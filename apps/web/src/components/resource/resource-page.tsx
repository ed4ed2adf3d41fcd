import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, type Ref, useCallback, useMemo, useRef, useState } from 'react';
import { useSession } from '../../lib/auth/session';
import { useScreenHeading } from '../../lib/use-screen-heading';
import { DataTable, type DataTableColumnDef, type ListQueryState, type RecordId, type SortOrder } from '../data-table';
import { confirmDelete } from '../ui/alert-dialog';
import { FilterBar, type FilterSelect } from './filter-bar';
import { HistoryDrawer, type HistorySubject } from './history-drawer';
import type { ResourceApi, ResourceDeclaration, ResourceFilters } from './resource-api';
import { type EditorState, type ResourceForm, ResourceFormDrawer } from './resource-form-drawer';
import { type RowAction, RowActions } from './row-actions';
import type { FilterPatch, FilterSpec, FilterValues } from './url-filters';
import { type DeleteTexts, useResourceDelete, useResourceFilters, useResourcePermissions } from './use-resource';

/** What a custom row renderer is given: edit and delete with their keys, history on every CRUD resource. */
type ResourceRowHandlers<Row> = { onEdit?: (row: Row) => void; onDelete?: (row: Row) => void; onHistory?: (row: Row) => void };

export type ResourcePageProps<Row extends { id: RecordId }> = {
  resourceApi: ResourceApi<Row>;
  /** Default: the screen's heading (lib/screen-headings.ts), else 'All <plural>'. */
  title?: string;
  /** Default: the screen's intro line (lib/screen-headings.ts). */
  description?: ReactNode;
  /** The title's heading, made focusable (tabIndex -1) to move focus to a list shown on request (a detail panel). */
  headingRef?: Ref<HTMLHeadingElement>;
  /** The data columns; a column the declaration's sortFields lack is not sortable. The kit appends the actions column. */
  columns: DataTableColumnDef<Row>[];
  /** Name of a row in labels ('Edit {name}', 'Select {name}'); default: the declared options label field ('name'). */
  recordName?: (row: Row) => string;
  /** The add/edit drawer; leave out to handle editing yourself (`onEdit`). */
  form?: ResourceForm<Row>;
  /** Custom editor (e.g. a modal): called instead of opening the drawer. */
  onEdit?: (row: Row | null) => void;
  /** Extra row actions (between edit and delete), e.g. regenerate a key, end a session. */
  rowActions?: RowAction<Row>[];
  /** Show the actions column without edit/delete keys (e.g. a link every viewer may follow). */
  actionsAlways?: boolean;
  /** Replaces the row buttons entirely (given edit/delete only when the user holds their keys, history on a CRUD resource). */
  renderRowActions?: (row: Row, handlers: ResourceRowHandlers<Row>) => ReactNode;
  /** Refusals shown as a dialog, and a way forward it offers (the dialog's title comes from the resource's label). */
  deleteTexts?: DeleteTexts<Row>;
  /** The list's filters; default: those the URL holds (the api's `urlFilters`). Part of the key, the list call and the export. */
  filters?: ResourceFilters;
  /** Selects over the URL filters, drawn above the table with 'Clear filters'. */
  filterSelects?: readonly FilterSelect[];
  /** Other inputs of that bar, after the selects (e.g. a date range). */
  filterInputs?: (filters: FilterValues<FilterSpec>, onChange: (patch: FilterPatch<FilterSpec>) => void) => ReactNode;
  /** Above the table instead of a filter bar (e.g. a parent picker). */
  filterBar?: ReactNode;
  /** Beside the title (e.g. whose records the list shows). */
  headerExtra?: ReactNode;
  /** Under the description: the live-updates indicator of a list a stream feeds (components/ui/live-indicator.tsx). */
  live?: ReactNode;
  /** The list's polling while its live stream is cut (useLivePolling); default never. */
  refetchInterval?: number | false;
  isRecordSelectable?: (row: Row) => boolean;
  /** Default: 'Search by <the declaration's search fields>…'. */
  searchPlaceholder?: string;
  /** The search box's name; default 'Search <plural>'. */
  searchLabel?: string;
  /** Default 'No <plural> found'. */
  noRecordsText?: string;
  /** The order before the user picks one (default: the API's). */
  defaultSort?: { field: string; order: SortOrder };
  /** Runs with every page the table loads (e.g. to keep row names for messages). */
  onPage?: (rows: Row[]) => void;
  /** URL parameter prefix of the table's state, for a second table on the page (e.g. 'ts.'). */
  urlPrefix?: string;
  /** Rendered after the drawer (modals of the feature's extra actions). */
  children?: ReactNode;
};

const words = (field: string) => field.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
const nameOf = (resource: ResourceDeclaration) => {
  const field = resource.options?.label ?? 'name';
  return (row: { id: RecordId }) => String((row as Record<string, unknown>)[field] ?? `${resource.label.singular} ${row.id}`);
};

/**
 * A resource's list screen: title, 'Add x' (create key), the data table with search, sort,
 * paging, column chooser, filters, exports (export key), row edit (update key) and delete
 * (delete key), bulk delete, the add/edit drawer and each row's change history (with revert for
 * holders of the revert key); a read-only resource shows the list, filters and exports only. A feature passes what the declaration does not say: its columns,
 * its form and its texts.
 */
export function ResourcePage<Row extends { id: RecordId }>(props: ResourcePageProps<Row>) {
  const { resourceApi, form, onPage } = props;
  const { resource } = resourceApi;
  const { singular, plural } = resource.label;
  const session = useSession();
  const screen = useScreenHeading();
  const can = useResourcePermissions(resource);
  const url = useResourceFilters(resourceApi);
  const filters = props.filters ?? url.filters;
  const recordName = useMemo(() => props.recordName ?? nameOf(resource), [props.recordName, resource]);
  // Names of the rows seen on screen, so a bulk delete reports each refusal by name.
  const names = useRef(new Map<RecordId, string>());
  const labelOf = useCallback((id: number) => names.current.get(id) ?? `${singular} ${id}`, [singular]);
  const { deleteOne, deleteMany } = useResourceDelete(resourceApi, props.deleteTexts, labelOf);
  const [editor, setEditor] = useState<EditorState<Row>>({ opened: false, row: null, session: 0 });
  const customEdit = props.onEdit;

  const openEditor = useCallback(
    (row: Row | null) => (customEdit ? customEdit(row) : setEditor((prev) => ({ opened: true, row, session: prev.session + 1 }))),
    [customEdit],
  );
  const closeEditor = useCallback(() => setEditor((prev) => ({ ...prev, opened: false })), []);
  // Every CRUD row has a history (GET /x/{id}/history needs only the view key the list needs).
  const [history, setHistory] = useState<{ opened: boolean; subject: HistorySubject | null }>({ opened: false, subject: null });
  const hasHistory = resource.mode === 'crud';
  const openHistory = useCallback(
    (row: Row) => setHistory({ opened: true, subject: { id: row.id as number, name: recordName(row) } }),
    [recordName],
  );
  const closeHistory = useCallback(() => setHistory((prev) => ({ ...prev, opened: false })), []);
  const onHistory = hasHistory ? openHistory : undefined;

  const { rowActions, renderRowActions } = props;
  const hasActions = hasHistory || can.update || can.remove || Boolean(rowActions?.length) || Boolean(props.actionsAlways);
  const columns = useMemo<DataTableColumnDef<Row>[]>(() => {
    // The API sorts by the declared fields only: another column's header does not offer a sort it would refuse.
    const sortable = resource.list.sortFields;
    const data = props.columns.map((c) =>
      c.sortable === undefined && !sortable.includes(c.sortField ?? c.accessor) ? { ...c, sortable: false } : c,
    );
    if (!hasActions) return data;
    const actions: DataTableColumnDef<Row> = {
      accessor: 'actions',
      title: 'Actions',
      sortable: false,
      hideable: false,
      textAlign: 'right',
      render: (row) =>
        renderRowActions ? (
          renderRowActions(row, { onEdit: can.update ? openEditor : undefined, onDelete: can.remove ? deleteOne : undefined, onHistory })
        ) : (
          <RowActions
            row={row}
            name={recordName(row)}
            onEdit={can.update ? openEditor : undefined}
            onDelete={can.remove ? deleteOne : undefined}
            onHistory={onHistory}
            extra={rowActions}
          />
        ),
    };
    return [...data, actions];
  }, [
    props.columns,
    resource,
    hasActions,
    can.update,
    can.remove,
    openEditor,
    deleteOne,
    onHistory,
    recordName,
    rowActions,
    renderRowActions,
  ]);

  // The same key and fetcher as resourceApi.listQueryForUrl, which a route's loader prefetches.
  const queryKey = useMemo(() => resourceApi.keys.lists(filters), [resourceApi, filters]);
  const queryFn = useCallback(
    (query: ListQueryState, context: { signal: AbortSignal }) => resourceApi.list(query, filters, context),
    [resourceApi, filters],
  );
  // From the rows shown rather than inside queryFn: a prefetched page never passes through it.
  const onRecords = useCallback(
    (rows: Row[]) => {
      for (const row of rows) names.current.set(row.id, recordName(row));
      onPage?.(rows);
    },
    [onPage, recordName],
  );
  const exports = useMemo(() => (can.exportList ? resourceApi.exportConfig(filters) : undefined), [can.exportList, resourceApi, filters]);
  const bulk = can.remove ? { onBulkDelete: deleteMany, onConfirmDelete: confirmDelete } : {};
  const { urlPrefix, defaultSort } = props;
  const listQueryOptions = useMemo(
    () =>
      urlPrefix || defaultSort
        ? { prefix: urlPrefix, defaultSortField: defaultSort?.field, defaultSortOrder: defaultSort?.order }
        : undefined,
    [urlPrefix, defaultSort],
  );

  const table = (
    <DataTable<Row>
      tableId={resource.name}
      userId={session?.user.id ?? session?.user.email}
      label={plural}
      columns={columns}
      queryKey={queryKey}
      queryFn={queryFn}
      onRecords={onRecords}
      getRecordLabel={recordName}
      isRecordSelectable={props.isRecordSelectable}
      searchLabel={props.searchLabel ?? `Search ${plural.toLowerCase()}`}
      searchPlaceholder={props.searchPlaceholder ?? `Search by ${resource.list.search.map(words).join(', ')}…`}
      noRecordsText={props.noRecordsText ?? `No ${plural.toLowerCase()} found`}
      pinLastColumn={hasActions}
      listQueryOptions={listQueryOptions}
      refetchInterval={props.refetchInterval}
      exports={exports}
      {...bulk}
    />
  );
  const filterBar =
    props.filterSelects || props.filterInputs ? (
      <FilterBar selects={props.filterSelects ?? []} values={url.filters} onChange={url.setFilters} onClear={url.clearFilters}>
        {props.filterInputs?.(url.filters, url.setFilters)}
      </FilterBar>
    ) : (
      props.filterBar
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={2} size="h3" ref={props.headingRef} tabIndex={props.headingRef ? -1 : undefined}>
            {props.title ?? screen?.heading ?? `All ${plural.toLowerCase()}`}
          </Title>
          <Text c="dimmed" size="sm">
            {props.description ?? screen?.intro}
          </Text>
          {props.live}
        </div>
        {props.headerExtra}
        {can.create ? (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => openEditor(null)}>
            Add {singular.toLowerCase()}
          </Button>
        ) : null}
      </Group>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        {filterBar ? (
          <Stack gap="md">
            {filterBar}
            {table}
          </Stack>
        ) : (
          table
        )}
      </Paper>

      {form ? (
        <ResourceFormDrawer
          resourceApi={resourceApi}
          form={form}
          state={editor}
          title={(row) => (row ? `Edit ${recordName(row)}` : `Add ${singular.toLowerCase()}`)}
          onClose={closeEditor}
        />
      ) : null}
      {hasHistory ? <HistoryDrawer resource={resource} subject={history.subject} opened={history.opened} onClose={closeHistory} /> : null}
      {props.children}
    </Stack>
  );
}
