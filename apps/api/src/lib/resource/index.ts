export { recordChange, registerResourceRoutes } from './routes.js';
export { type Change, createCrudService, type ResourceService, type WriteContext } from './service.js';
export { defineStore } from './store.js';
