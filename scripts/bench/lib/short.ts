import { type Measurement, passes } from './types';

/**
 * BENCH_SHORT=1: the short pass, which npm test's `bench` tier runs (so CI does). Every benchmark
 * runs end to end at a size that takes seconds: the seeds, the servers, the browser, the load
 * generator and the measuring code are all exercised, so a change that breaks a benchmark fails
 * the tests instead of the next person who wants a figure. Its timings mean nothing and their
 * goals are not judged (timings on a shared CI machine are noise, and tests assert no timing):
 * `npm run bench` gives the figures. The goals of exact values (Measurement.exact: the sign-in
 * page's JavaScript in kB, Lighthouse's accessibility score, the load run's failed requests) are.
 */
export const SHORT = process.env.BENCH_SHORT === '1';

/** The benchmark's full size, or the short pass's. */
export const sized = <T>(full: T, short: T): T => (SHORT ? short : full);

/** Whether a measurement's goal is judged: always in a full run, only exact values in the short pass. */
export const judged = (m: Measurement): boolean => !SHORT || m.exact === true;

/**
 * What fails a benchmark in the short pass, or undefined: it measured nothing, a value that is not
 * a number, or missed a goal that does not depend on timing (Measurement.exact).
 */
export function shortPassProblem(measurements: Measurement[]): string | undefined {
  if (measurements.length === 0) return 'the short pass got no measurement';
  const notANumber = measurements.find((m) => !Number.isFinite(m.value));
  if (notANumber) return `the short pass got a value that is not a number (${notANumber.id})`;
  const missed = measurements.filter((m) => m.exact && passes(m) === false);
  const goal = (m: Measurement) => `${m.value} ${m.unit}, goal ${m.goal?.op} ${m.goal?.value} ${m.unit}`;
  if (missed.length) return `missed: ${missed.map((m) => `${m.label}: ${goal(m)}`).join('; ')}`;
  return undefined;
}
