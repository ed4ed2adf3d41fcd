// What other modules and the app may use from `manage-actions`: modules meet only through their index.ts (.dependency-cruiser.cjs).
export { default as manageActionsRoutes } from './manage-actions.routes.js';
/** The bulk-upload sheet import fails a row with the same words as the form. */
export { MANAGE_ACTION_MESSAGES } from './manage-actions.service.js';
