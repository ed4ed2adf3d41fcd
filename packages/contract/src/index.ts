export * from './common/constants.js';
export * from './common/messages.js';
export * from './common/errors.js';
export * from './common/list.js';
export * from './common/paths.js';
export * from './auth/schemas.js';
export * from './access/catalogue.js';
export * from './access/schemas.js';
