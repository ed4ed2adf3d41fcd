/**
 * Runs `run` once the browser is idle, within `timeoutMs` at most; returns a cancel. For work a
 * screen does as it mounts that nobody waits for (a page-view record, opening the live stream):
 * on a phone's CPU it otherwise lands in the screen's long start-up tasks (Lighthouse, issue 17).
 */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 0);
  return () => clearTimeout(handle);
}
