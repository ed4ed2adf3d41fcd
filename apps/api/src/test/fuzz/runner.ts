import { readdir } from 'node:fs/promises';
import fc from 'fast-check';
import { caseArbitrary, describeCase, type FuzzCase } from './cases.js';
import { problemsOf } from './checks.js';
import type { Operation } from './operations.js';
import type { FuzzTarget } from './target.js';

export type FuzzOptions = {
  /** Cases per operation. */
  runs: number;
  /** Base seed; each operation gets its own, derived from this and its id. */
  seed: number;
  /** fast-check replay path of a reported failure (with FUZZ_ONLY naming its operation). */
  path?: string;
  /** Longest wait for one answer (a hang is a failure too). */
  timeoutMs?: number;
  /** Called with every case and its answer (FUZZ_VERBOSE prints them). */
  onCase?: (c: FuzzCase, answer: { statusCode: number; body: string }) => void;
};

export type OperationReport = {
  id: string;
  seed: number;
  cases: number;
  /** Answers by status class, shrinking runs included. */
  statuses: Record<string, number>;
  ms: number;
  /** fast-check's report of the (shrunk) failing case, with seed and path. */
  failure?: string;
};

/** Stable per-operation seed, so filtering operations does not change the others' cases. */
function seedFor(base: number, id: string): number {
  let h = base | 0;
  for (const ch of id) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

/**
 * Sends `runs` generated cases to one operation and checks every answer (checks.ts) and, after
 * a multipart case, that no temp file is left. Stops at the first failing case, shrinks it
 * and reports it with the seed and path that replay it.
 */
export async function fuzzOperation(target: FuzzTarget, op: Operation, options: FuzzOptions): Promise<OperationReport> {
  const started = Date.now();
  const seed = seedFor(options.seed, op.id);
  const statuses: Record<string, number> = {};
  const arbitrary = caseArbitrary(op, target.files, { root: target.doc, dictionary: target.dictionary }).map((c) =>
    Object.assign(c, { [fc.toStringMethod]: () => describeCase(c) }),
  );
  const property = fc.asyncProperty(arbitrary, async (c: FuzzCase) => {
    const answer = await target.send(c);
    options.onCase?.(c, answer);
    const bucket = `${Math.floor(answer.statusCode / 100)}xx`;
    statuses[bucket] = (statuses[bucket] ?? 0) + 1;
    const problems = problemsOf(answer);
    if (c.kind.startsWith('multipart') || c.contentType?.startsWith('multipart')) {
      const left = await readdir(target.app.uploadTempDir);
      if (left.length) problems.push(`temp files left behind: ${left.join(', ')}`);
    }
    if (problems.length) throw new Error(`${answer.statusCode}: ${problems.join(' | ')}`);
  });
  const details = await fc.check(property, {
    numRuns: options.runs,
    seed,
    ...(options.path ? { path: options.path } : {}),
    timeout: options.timeoutMs ?? 30_000,
    endOnFailure: false,
    includeErrorInReport: true,
  });
  return {
    id: op.id,
    seed,
    cases: details.numRuns,
    statuses,
    ms: Date.now() - started,
    ...(details.failed ? { failure: `${op.id}\n${fc.defaultReportMessage(details)}` } : {}),
  };
}

/** The per-operation table the fuzz run prints. */
export function reportTable(reports: OperationReport[]): string {
  const width = Math.max(9, ...reports.map((r) => r.id.length));
  const head = `${'operation'.padEnd(width)}  ${'cases'.padStart(6)}  ${'2xx'.padStart(6)}  ${'4xx'.padStart(6)}  ${'5xx'.padStart(4)}  ${'s'.padStart(6)}  result`;
  const lines = reports.map((r) =>
    [
      r.id.padEnd(width),
      String(r.cases).padStart(6),
      String(r.statuses['2xx'] ?? 0).padStart(6),
      String(r.statuses['4xx'] ?? 0).padStart(6),
      String(r.statuses['5xx'] ?? 0).padStart(4),
      (r.ms / 1000).toFixed(1).padStart(6),
      r.failure ? 'FAILED' : 'ok',
    ].join('  '),
  );
  return [head, '-'.repeat(head.length), ...lines].join('\n');
}
