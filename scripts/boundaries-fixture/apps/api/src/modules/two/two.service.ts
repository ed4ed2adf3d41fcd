import { s } from '../one/one.service.js'; // api-modules-meet-through-index
import { s as ok } from '../one/index.js'; // allowed
export const t = [s, ok];
