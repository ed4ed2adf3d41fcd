// What other modules and the app may use from `roles`: modules meet only through their index.ts (.dependency-cruiser.cjs).
export { withManageable } from './manageable.js';
