import type { BenchContext } from './context';

/** How a measured value is judged against its goal. */
type Goal = { op: '<=' | '>='; value: number };

export type Measurement = {
  /** Short id, e.g. "login.ratio". */
  id: string;
  label: string;
  value: number;
  unit: string;
  goal?: Goal;
  /**
   * The value does not depend on timing (a size, a count, a score of rules), so its goal is judged
   * in the short pass too (lib/short.ts): CI then fails when it is missed.
   */
  exact?: true;
  /** Supporting numbers (raw timings, file lists, ...) written to the JSON results. */
  details?: Record<string, unknown>;
};

/**
 * One benchmark: a name, what it needs, and a run that returns one or more measurements.
 * To add a benchmark, create scripts/bench/benchmarks/<name>.ts exporting a Benchmark and
 * list it in scripts/bench/benchmarks/index.ts.
 */
export type Benchmark = {
  name: string;
  description: string;
  run: (ctx: BenchContext) => Promise<Measurement[]>;
};

export const passes = (m: Measurement) =>
  m.goal === undefined ? undefined : m.goal.op === '<=' ? m.value <= m.goal.value : m.value >= m.goal.value;
