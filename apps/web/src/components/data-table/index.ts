export { DataTable } from './data-table';
export { exportErrorMessage } from './export-buttons';
export { fetchDownload } from './download';
export {
  
  
  
  listQueryToSearchParams,
  
  type ListQueryState,
  
  
  
  
} from './list-query';
export type {
  DataTableColumnDef,
  DataTableExportConfig,
  
  
  
  
  RecordId,
} from './types';
