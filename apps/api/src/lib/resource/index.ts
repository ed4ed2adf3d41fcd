export { equalityFilters, isoText, isoTimestamps, listFrom, sortFieldsOf } from './list-fields.js';
export { recordChange } from './record-change.js';
export { registerResourceRoutes } from './routes.js';
export { type Change, createCrudService, inputColumns, type WriteContext } from './service.js';
export { defineStore, rowExists } from './store.js';
