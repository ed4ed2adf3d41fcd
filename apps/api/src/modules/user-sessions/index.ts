// What other modules and the app may use from `user-sessions`: modules meet only through their index.ts (.dependency-cruiser.cjs).
export { default as userSessionsRoutes } from './user-sessions.routes.js';
export { createSessionService } from './sessions.service.js';
