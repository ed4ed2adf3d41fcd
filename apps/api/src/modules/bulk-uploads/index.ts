export { default as bulkUploadsRoutes } from './bulk-uploads.routes.js';
