/** Escapes LIKE wildcards so a search for "50%" matches the text, not everything. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
