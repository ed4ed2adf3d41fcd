// What other modules and the app may use from `clients`: modules meet only through their index.ts (.dependency-cruiser.cjs).
export { default as clientsRoutes } from './clients.routes.js';
// The service with its hooks, for tests that drive a write directly (change history's in-write check).
export { createClientsService } from './clients.service.js';
