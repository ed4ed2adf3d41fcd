import type { a } from './ring-a.js'; // (type-only: still an edge, so ring-a and ring-b form a cycle)
export const b: typeof a | null = null;
