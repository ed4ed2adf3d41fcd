/**
 * The row a statement cannot fail to return (INSERT ... RETURNING, an aggregate, a row read back in the same
 * transaction that wrote it). Its absence is a bug, not a 404: fail loudly instead of asserting it away with `!`.
 */
export function oneRow<T>(row: T | null | undefined, what = 'a row'): T {
  if (row === undefined || row === null) throw new Error(`expected ${what}, got none`);
  return row;
}
