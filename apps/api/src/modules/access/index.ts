// What other modules and the app may use from `access`: modules meet only through their index.ts (.dependency-cruiser.cjs).
export { default as accessRoutes } from './access.routes.js';
export { createAccessService } from './access.service.js';
export {
  type Actor,
  assertUserWithin,
  assertWithin,
  currentActor,
  lockRoles,
  manageableRoles,
  requestActor,
  type ScopeTarget,
  userWithin,
} from './role-scope.js';
