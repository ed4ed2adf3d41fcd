export const r = 1;
