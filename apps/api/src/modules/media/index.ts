export { default as mediaRoutes } from './media.routes.js';
