// What other modules and the app may use from `user-activity`: modules meet only through their index.ts (.dependency-cruiser.cjs).
export { ownerScope } from './owner-scope.js';
export { default as userActivityRoutes } from './user-activity.routes.js';
