export { default as clientDashboardRoutes } from './client-dashboard.routes.js';
