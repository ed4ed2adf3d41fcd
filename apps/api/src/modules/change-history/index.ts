// What other modules and the app may use from `change-history`: modules meet only through their index.ts (.dependency-cruiser.cjs).
export { default as changeHistoryRoutes } from './change-history.routes.js';
