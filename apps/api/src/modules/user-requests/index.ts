// What the app and other modules may use from `user-requests`: modules meet only through their index.ts.
export { createApiKeyService } from './api-keys.js';
export { latestRequests } from './user-requests.repository.js';
export { default as userRequestsRoutes } from './user-requests.routes.js';
