import type { BaseLogger } from 'pino';
import type { z } from 'zod';

/** How often a kind of job is tried, stored on every job pg-boss creates for it (job-queue.ts JOB_DEFAULTS). */
export type RetryPolicy = {
  /** Attempts after the first failure (a crash counts as a failure). */
  retryLimit?: number;
  /** Seconds before the first retry; doubled on each retry when retryBackoff is on. */
  retryDelay?: number;
  retryBackoff?: boolean;
  /**
   * An active job older than this is failed by maintenance and retried: that is how a job whose
   * worker died (kill -9, lost machine) on PostgreSQL comes back. Keep it above the longest run.
   */
  expireInSeconds?: number;
};

/** A logger as a job gets it (pino's, which Fastify's app.log is too). */
export type JobLog = Pick<BaseLogger, 'error' | 'warn' | 'info' | 'debug'> & { child(bindings: Record<string, unknown>): JobLog };

/**
 * What a handler gets besides its payload: the job, what it works with (its dependencies), and a
 * logger whose lines name the job and carry the id of the request that queued it (`reqId`, as
 * the request's own lines do), so one id leads from an upload's request to its job's lines.
 */
export type JobContext<D> = { id: string; retryCount: number; deps: D; log: JobLog; requestId?: string };

/**
 * A kind of background job: its queue name, the zod schema of its payload, its handler and its
 * retry policy. `D` is what the handler needs (database, storage, ...), handed over by whoever
 * runs the queue (the server from its app, `npm run worker` without one), never taken from a
 * global, so both processes run the same handler on the same footing.
 */
export type JobDefinition<P, D = unknown> = RetryPolicy & {
  name: string;
  payload: z.ZodType<P>;
  handler: (payload: P, job: JobContext<D>) => Promise<void>;
};

/**
 * Declares a job kind; the payload type comes from the schema, so `queue.send(job, payload)` is
 * checked by the compiler, and the queue checks the payload again with the schema when it is
 * sent and when it is received (a job row written by an older version, or by hand, is refused
 * with a message instead of reaching the handler).
 */
export function defineJob<S extends z.ZodType, D = unknown>(
  def: RetryPolicy & { name: string; payload: S; handler: (payload: z.output<S>, job: JobContext<D>) => Promise<void> },
): JobDefinition<z.output<S>, D> {
  // S is a schema whose output is z.output<S>; the compiler cannot see that through the generic.
  return def as JobDefinition<z.output<S>, D>;
}
