import { type ListQuery, totalPagesFor } from '@console/contract';

/** Escapes LIKE wildcards so a search for "50%" matches the text, not everything. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const offsetOf = (q: Pick<ListQuery, 'page' | 'limit'>) => (q.page - 1) * q.limit;

export const listResult = <T>(data: T[], total: number, limit: number) => ({
  data,
  total,
  totalPages: totalPagesFor(total, limit),
});

/** Without an explicit sortField, lists show the newest first. */
export const effectiveOrder = (q: Pick<ListQuery, 'sortField' | 'sortOrder'>) => (q.sortField ? q.sortOrder : 'desc');
