export * from './probe.js';
export * from './store.js';
export { findFfmpeg } from './poster.js';
