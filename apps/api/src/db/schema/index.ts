export * from './access.js';
export * from './companies.js';
export * from './users.js';
export * from './sessions.js';
export * from './auth-tokens.js';
export * from './user-activity.js';
export * from './audit-log.js';
