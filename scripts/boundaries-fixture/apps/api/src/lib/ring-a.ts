import { b } from './ring-b.js'; // no-circular
export const a = () => b;
