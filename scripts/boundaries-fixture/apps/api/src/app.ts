import { s } from './modules/one/one.service.js'; // allowed: the composition root
export const a = s;
