export const g = 1;
