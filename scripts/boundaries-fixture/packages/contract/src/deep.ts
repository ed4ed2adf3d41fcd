export const deep = 1;
