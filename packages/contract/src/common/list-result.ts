// The list result's shape and helpers, without zod: the SPA's entry reads these (the API client's
// empty result), and a module it imports runs at every signed-in screen's start-up, zod and all,
// if it also declares schemas (its schema is listResultSchema in list.ts).

/**
 * Counting every matching row would scan a big table on each page, so a list counts at most
 * LIST_COUNT_CAP + 1 of them: past the cap, `total` is the cap, `totalCapped` is true (the SPA says
 * "more than 10,000") and `totalPages` counts the pages known to exist (at least the one asked for).
 * Lists that keep an exact row count (users, user requests unfiltered) report it as it is.
 */
export const LIST_COUNT_CAP = 10_000;

export type ListResult<T> = { data: T[]; total: number; totalPages: number; totalCapped?: boolean };

export const emptyListResult = <T>(): ListResult<T> => ({ data: [], total: 0, totalPages: 0 });
export const totalPagesFor = (total: number, limit: number) => (total === 0 ? 0 : Math.ceil(total / limit));
