/**
 * Keyset pagination for exports: calls `fetchPage(after, limit)` with the cursor of the last
 * row seen (null first) until a page comes back shorter than `limit`. Only one page is held at a
 * time, so the database and the API both stay at constant memory, and each query uses the index
 * (`WHERE id > $after ORDER BY id LIMIT $limit`) instead of an ever-growing OFFSET.
 *
 * For a list sorted on another column, return a compound cursor from `cursorOf`
 * (e.g. `row => ({ name: row.name, id: row.id })`) and query `WHERE (name, id) > ($1, $2)`.
 */
export async function* keysetBatches<Row, Cursor = unknown>(
  fetchPage: (after: Cursor | null, limit: number) => Promise<readonly Row[]> | readonly Row[],
  batchSize = 1000,
  cursorOf: (row: Row) => Cursor = (row) => (row as { id: Cursor }).id,
): AsyncGenerator<readonly Row[], void, undefined> {
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError('batchSize must be a positive integer');
  let after: Cursor | null = null;
  let previousKey: string | undefined;
  for (;;) {
    const page = await fetchPage(after, batchSize);
    if (page.length === 0) return;
    if (page.length > batchSize) throw new Error(`fetchPage returned ${page.length} rows for a limit of ${batchSize}`);
    yield page;
    if (page.length < batchSize) return;
    after = cursorOf(page[page.length - 1]);
    const key = JSON.stringify(after);
    // A cursor that does not move would loop forever (e.g. a non-unique sort key without id).
    if (key === previousKey) throw new Error('keysetBatches: the cursor did not advance');
    previousKey = key;
  }
}

/** The rows of `keysetBatches` one by one, ready for `exportRows({ rows })`. */
export async function* keysetRows<Row, Cursor = unknown>(
  fetchPage: (after: Cursor | null, limit: number) => Promise<readonly Row[]> | readonly Row[],
  batchSize = 1000,
  cursorOf?: (row: Row) => Cursor,
): AsyncGenerator<Row, void, undefined> {
  for await (const page of keysetBatches(fetchPage, batchSize, cursorOf)) yield* page;
}
