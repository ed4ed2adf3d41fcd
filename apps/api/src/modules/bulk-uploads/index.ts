export { bulkUploadJob } from './bulk-uploads.job.js';
export { default as bulkUploadsRoutes } from './bulk-uploads.routes.js';
export type { BulkJobDeps } from './importer.js';
