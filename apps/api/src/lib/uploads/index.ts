export * from './errors.js';
export * from './types.js';
export * from './inspect.js';
export * from './thumbnail.js';
export * from './names.js';
export * from './temp-file.js';
export * from './receive.js';
