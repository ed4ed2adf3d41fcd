import type { ListResult } from '@console/contract';
import type { ReactNode } from 'react';
import type { ExportFormat, ExportQuery, ListQueryState } from './list-query';

/** One column of a server-side list. */
export interface DataTableColumnDef<T> {
  /** Key of the column: reads `record[accessor]` (dot paths allowed) unless `render` is given; also the sort key. */
  accessor: string;
  /** Header text and the name in the column chooser; default: the accessor humanised. */
  title?: string;
  /** Sortable by clicking the header; default true (the spec sorts on every visible column). */
  sortable?: boolean;
  /** The `sortField` sent to the server when it differs from the accessor. */
  sortField?: string;
  render?: (record: T, index: number) => ReactNode;
  /** Hidden until the user turns it on in the column chooser. */
  hidden?: boolean;
  /** Set false for columns the user may not hide (e.g. row actions); default true. */
  hideable?: boolean;
  width?: number | string;
  textAlign?: 'left' | 'center' | 'right';
  noWrap?: boolean;
}

export type RecordId = string | number;

/** Progress of an export; `total` is known when the server sends a length. */
export interface ExportProgress {
  loaded: number;
  total?: number;
}

export interface ExportContext {
  onProgress: (progress: ExportProgress) => void;
  signal: AbortSignal;
}

export interface DataTableExportConfig {
  /** Buttons to show; default csv, excel, pdf. */
  formats?: readonly ExportFormat[];
  /** Runs the export itself (e.g. a blob download through the API client). */
  onExport?: (format: ExportFormat, query: ExportQuery, context: ExportContext) => Promise<void> | void;
  /** Or: the URL of the export, downloaded through `download`. */
  exportUrl?: (format: ExportFormat, query: ExportQuery) => string;
  download?: (url: string, context: ExportContext) => Promise<void>;
  /** Called when an export fails (e.g. to show a toast); the button also shows the error. */
  onError?: (format: ExportFormat, error: unknown) => void;
}

/** Texts the caller's confirm dialog should show (spec s.8), plus what is about to go. */
export interface ConfirmDeleteRequest {
  title: string;
  text: string;
  confirmButtonText: string;
  cancelButtonText: string;
  count: number;
  ids: RecordId[];
}

export type DataTableQueryFn<T> = (query: ListQueryState, context: { signal: AbortSignal }) => Promise<ListResult<T>>;
