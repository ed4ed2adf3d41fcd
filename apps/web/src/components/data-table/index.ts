export { DataTable, type DataTableProps } from './data-table';
export { ExportButtons, type ExportButtonsProps } from './export-buttons';
export { EXPORT_FORMAT_LABELS, exportErrorMessage } from './export-messages';
export { ColumnChooser } from './column-chooser';
export { SearchBox, type SearchBoxProps } from './search-box';
export { BulkDeleteButton } from './bulk-delete-button';
export { StatusBadge } from './status-badge';
export { RowTooltip } from './row-tooltip';
export { TimestampCell } from './timestamp-cell';
export { breakable } from './breakable-text';
export { nameColumn } from './name-column';
export { useListQueryState, type ListQueryStateApi, type SetListQueryOptions } from './use-list-query-state';
export { useColumnVisibility, columnStorageKey, readColumnOverrides, type ColumnVisibility } from './use-column-visibility';
export { fetchDownload, fileNameFromContentDisposition, saveBlob, type FetchDownloadOptions } from './download';
export {
  parseListQuery,
  writeListQuery,
  defaultListQuery,
  listQueryToSearchParams,
  toExportQuery,
  type ListQueryState,
  type ListQueryOptions,
  type ExportQuery,
  type ExportFormat,
  type SortOrder,
} from './list-query';
export type {
  DataTableColumnDef,
  DataTableExportConfig,
  DataTableQueryFn,
  ConfirmDeleteRequest,
  ExportContext,
  ExportProgress,
  RecordId,
} from './types';
