/**
 * One multipart request carries every file, and XHR reports only its total bytes sent. The
 * parts go in order, so the bytes sent so far (scaled to leave out the multipart framing)
 * tell how far each file is: the ones before the cursor are done, the one under it partly.
 * Answers a percentage (0-100) per file.
 */
export function perFileProgress(sizes: readonly number[], loaded: number, total: number): number[] {
  const sum = sizes.reduce((a, b) => a + b, 0);
  if (total <= 0 || sum <= 0) return sizes.map(() => 0);
  let cursor = Math.min(1, loaded / total) * sum;
  return sizes.map((size) => {
    if (size <= 0) return cursor >= 0 ? 100 : 0;
    const sent = Math.max(0, Math.min(size, cursor));
    cursor -= size;
    return Math.round((sent / size) * 100);
  });
}
