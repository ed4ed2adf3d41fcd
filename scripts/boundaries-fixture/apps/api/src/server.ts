import { s } from './modules/one/one.service.js'; // api-outside-reaches-modules-through-index
export const b = s;
