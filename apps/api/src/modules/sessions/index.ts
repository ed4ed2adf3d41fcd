// What other modules and the app may use from `sessions`: modules meet only through their index.ts (.dependency-cruiser.cjs).
export { default as sessionsRoutes } from './sessions.routes.js';
export { type ClientMeta, createSessionService, type SessionService } from './sessions.service.js';
