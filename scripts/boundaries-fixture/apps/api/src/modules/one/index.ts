export { s } from './one.service.js';
