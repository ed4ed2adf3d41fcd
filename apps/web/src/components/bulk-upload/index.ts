export { BulkUploadPanel, type BulkUploadPanelProps } from './bulk-upload-panel';
