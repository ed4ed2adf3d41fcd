import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { useSession } from '../../lib/auth/session';
import { DataTable, type DataTableColumnDef, type ListQueryState } from '../data-table';
import { confirmDelete } from '../ui/alert-dialog';
import type { ResourceApi, ResourceFilters } from './resource-api';
import { type EditorState, type ResourceForm, ResourceFormDrawer } from './resource-form-drawer';
import { type RowAction, RowActions } from './row-actions';
import { type DeleteTexts, useResourceDelete, useResourcePermissions } from './use-resource';

type ResourceRowHandlers<Row> = { onEdit?: (row: Row) => void; onDelete?: (row: Row) => void };

export type ResourcePageProps<Row extends { id: number }> = {
  resourceApi: ResourceApi<Row>;
  title: string;
  description: ReactNode;
  /** The data columns (every visible one sortable); the kit appends the actions column. */
  columns: DataTableColumnDef<Row>[];
  /** Name of a row in labels ('Edit {name}', 'Select {name}'). */
  recordName: (row: Row) => string;
  /** The add/edit drawer; leave out to handle editing yourself (`onEdit`/`onAdd`). */
  form?: ResourceForm<Row>;
  /** Custom editor (e.g. a modal): called instead of opening the drawer. */
  onEdit?: (row: Row | null) => void;
  /** Extra row actions (between edit and delete), e.g. regenerate a key, a status toggle. */
  rowActions?: RowAction<Row>[];
  /** Show the actions column without edit/delete keys (e.g. a link every viewer may follow). */
  actionsAlways?: boolean;
  /** Replaces the row buttons entirely (given edit/delete only when the user holds their keys). */
  renderRowActions?: (row: Row, handlers: ResourceRowHandlers<Row>) => ReactNode;
  /** Refusals shown as a dialog, and a way forward it offers (the dialog's title comes from the resource's label). */
  deleteTexts?: DeleteTexts<Row>;
  /** Current filters (from the URL, a picker...): part of the query key, the list call and the export. */
  filters?: ResourceFilters;
  /** Above the table: filter bar, parent picker... */
  filterBar?: ReactNode;
  isRecordSelectable?: (row: Row) => boolean;
  searchPlaceholder: string;
  /** Runs with every page the table loads (e.g. to keep row names for messages). */
  onPage?: (rows: Row[]) => void;
  /** URL parameter prefix of the table's state, for a second table on the page (e.g. 'ts.'). */
  urlPrefix?: string;
  /** Rendered after the drawer (modals of the feature's extra actions). */
  children?: ReactNode;
};

/**
 * A resource's list screen: title, 'Add x' (create key), the data table with search, sort,
 * paging, column chooser, exports (export key), row edit (update key) and delete (delete key),
 * bulk delete, and the add/edit drawer. A feature configures it and adds what is its own.
 */
export function ResourcePage<Row extends { id: number }>(props: ResourcePageProps<Row>) {
  const { resourceApi, form, filters = {}, onPage } = props;
  const { resource } = resourceApi;
  const session = useSession();
  const can = useResourcePermissions(resource.keys);
  // Names of the rows seen on screen, so a bulk delete reports each refusal by name.
  const names = useRef(new Map<number, string>());
  const labelOf = useCallback((id: number) => names.current.get(id) ?? `${resource.label.singular} ${id}`, [resource.label.singular]);
  const { deleteOne, deleteMany } = useResourceDelete(resourceApi, props.deleteTexts, labelOf);
  const [editor, setEditor] = useState<EditorState<Row>>({ opened: false, row: null, session: 0 });
  const customEdit = props.onEdit;

  const openEditor = useCallback(
    (row: Row | null) => (customEdit ? customEdit(row) : setEditor((prev) => ({ opened: true, row, session: prev.session + 1 }))),
    [customEdit],
  );
  const closeEditor = useCallback(() => setEditor((prev) => ({ ...prev, opened: false })), []);

  const { recordName, rowActions, renderRowActions } = props;
  const hasActions = can.update || can.remove || Boolean(rowActions?.length) || Boolean(props.actionsAlways);
  const columns = useMemo<DataTableColumnDef<Row>[]>(() => {
    if (!hasActions) return props.columns;
    const actions: DataTableColumnDef<Row> = {
      accessor: 'actions',
      title: 'Actions',
      sortable: false,
      hideable: false,
      textAlign: 'right',
      render: (row) =>
        renderRowActions ? (
          renderRowActions(row, { onEdit: can.update ? openEditor : undefined, onDelete: can.remove ? deleteOne : undefined })
        ) : (
          <RowActions
            row={row}
            name={recordName(row)}
            onEdit={can.update ? openEditor : undefined}
            onDelete={can.remove ? deleteOne : undefined}
            extra={rowActions}
          />
        ),
    };
    return [...props.columns, actions];
  }, [props.columns, hasActions, can.update, can.remove, openEditor, deleteOne, recordName, rowActions, renderRowActions]);

  // The same key and fetcher as resourceApi.listQueryForUrl, which a route's loader prefetches.
  const queryKey = useMemo(() => resourceApi.keys.lists(filters), [resourceApi, filters]);
  const queryFn = useCallback(
    (query: ListQueryState, context: { signal: AbortSignal }) => resourceApi.list(query, filters, context),
    [resourceApi, filters],
  );
  // From the rows shown rather than inside queryFn: a prefetched page never passes through it.
  const onRecords = useCallback(
    (rows: Row[]) => {
      for (const row of rows) names.current.set(row.id, props.recordName(row));
      onPage?.(rows);
    },
    [onPage, props.recordName],
  );
  const exports = useMemo(() => (can.exportList ? resourceApi.exportConfig(filters) : undefined), [can.exportList, resourceApi, filters]);
  const bulk = can.remove ? { onBulkDelete: deleteMany, onConfirmDelete: confirmDelete } : {};
  const singular = resource.label.singular.toLowerCase();
  const listQueryOptions = useMemo(() => (props.urlPrefix ? { prefix: props.urlPrefix } : undefined), [props.urlPrefix]);

  const table = (
    <DataTable<Row>
      tableId={resource.name}
      userId={session?.user.id ?? session?.user.email}
      label={resource.label.plural}
      columns={columns}
      queryKey={queryKey}
      queryFn={queryFn}
      onRecords={onRecords}
      getRecordLabel={recordName}
      isRecordSelectable={props.isRecordSelectable}
      searchLabel={`Search ${resource.label.plural.toLowerCase()}`}
      searchPlaceholder={props.searchPlaceholder}
      noRecordsText={`No ${resource.label.plural.toLowerCase()} found`}
      pinLastColumn={hasActions}
      listQueryOptions={listQueryOptions}
      exports={exports}
      {...bulk}
    />
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={2} size="h3">
            {props.title}
          </Title>
          <Text c="dimmed" size="sm">
            {props.description}
          </Text>
        </div>
        {can.create ? (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => openEditor(null)}>
            Add {singular}
          </Button>
        ) : null}
      </Group>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        {props.filterBar ? (
          <Stack gap="md">
            {props.filterBar}
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
          title={(row) => (row ? `Edit ${recordName(row)}` : `Add ${singular}`)}
          onClose={closeEditor}
        />
      ) : null}
      {props.children}
    </Stack>
  );
}
