export { recordChange, registerResourceRoutes, type ResourceRouteOptions } from './routes.js';
export { type Change, createCrudService, type CrudHooks, type CrudOptions, type ResourceService, type WriteContext } from './service.js';
export { defineStore, type ResourceStore, type Usage } from './store.js';
