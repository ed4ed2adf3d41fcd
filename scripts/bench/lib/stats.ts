function percentile(samples: number[], p: number): number {
  if (!samples.length) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
}

export const median = (samples: number[]) => percentile(samples, 50);

/** Runs `fn` `warmup` times unmeasured, then `iterations` times; returns each duration in ms. */
export async function timeIt(fn: () => Promise<unknown>, { warmup = 3, iterations = 25 } = {}): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export const summary = (samples: number[]) => ({
  n: samples.length,
  p50: round(percentile(samples, 50)),
  p90: round(percentile(samples, 90)),
  min: round(Math.min(...samples)),
  max: round(Math.max(...samples)),
});
