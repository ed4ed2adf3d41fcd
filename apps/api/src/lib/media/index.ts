export * from './probe.js';
export * from './store.js';
