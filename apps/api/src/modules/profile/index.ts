// What other modules and the app may use from `profile`: modules meet only through their index.ts (.dependency-cruiser.cjs).
export { profilePath } from './profile-path.js';
export { default as profileRoutes } from './profile.routes.js';
