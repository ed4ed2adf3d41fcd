/**
 * The CPU slowdown that makes this host emulate the phone Lighthouse mobile is tuned for, from the
 * host's Lighthouse `benchmarkIndex`: the formula of Lighthouse's CPU throttling calculator
 * (github.com/patrickhulce/lighthouse-cpu-throttling-calculator, referred to by Lighthouse's
 * docs/throttling.md). Lighthouse's default 4x is right for a host of index ~1,533; a faster
 * host needs more (2,650: 8.8x), a slower one less (1,200: 2.8x). Undefined below index 150,
 * which the calculator calls too slow to emulate the phone.
 */
export function calibratedCpuSlowdown(benchmarkIndex: number): number | undefined {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150) return undefined;
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return 1 + (benchmarkIndex - 150) / 650;
}
