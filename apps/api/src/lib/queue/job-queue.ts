import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { DatabaseHandle, DbOrTx } from '../../db/client.js';
import { createLogger, currentRequestId, errorSummary } from '../logger.js';
import { databaseOutage } from '../pg-errors.js';
import type { JobDefinition, JobLog } from './define-job.js';
import { pgliteExecutor } from './pglite-executor.js';
import { transactionExecutor } from './tx-executor.js';

/** @public API of the bulk-upload groundwork for the demo-admin screens (issue 7 s.2-3), not used yet */
export const JOB_DEFAULTS = { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 15 * 60 } as const;

// biome-ignore lint/suspicious/noExplicitAny: one list holds jobs of every payload type; send() is typed per job.
type AnyJob<D> = JobDefinition<any, D>;

export type JobQueueOptions<D> = {
  handle: DatabaseHandle;
  /** Run handlers in this process (false: this process only sends; `npm run worker` runs them). */
  workers: boolean;
  /** Handlers of one job kind running at once in this process. */
  concurrency: number;
  /** The job kinds (the registry, src/jobs); more may be defined before start(). */
  jobs?: readonly AnyJob<D>[];
  /** What the handlers work with, handed to each run (JobContext.deps). */
  deps: D;
  /** pg-boss settings the tests shorten (maintenance interval, polling). */
  tuning?: { maintenanceIntervalSeconds?: number; pollingIntervalSeconds?: number };
  /**
   * pg-boss's errors, as message and code only: it repeats a failure on every poll while the
   * database is away, and pg-pool's errors carry the whole client (connection settings included).
   */
  onError?: (error: { message: string; code?: string }) => void;
  /** Where the job lines go (started, completed, failed: job name, job id, and the queuing request's reqId). */
  log?: JobLog;
  /** Called when a run of a job ends in this process (metrics count them; a failed run may be retried). */
  onOutcome?: (name: string, outcome: JobOutcome) => void;
};

export type JobOutcome = 'completed' | 'failed';

/** Jobs waiting (created, or waiting for a retry) and running, of one kind, across every process. */
export type JobCounts = { name: string; queued: number; active: number };

/**
 * What the queue adds to a job's data beside the payload: the id of the request that sent it.
 * Taken off before the payload is checked (a strict schema would refuse it, zod strips it anyway).
 */
const META = '__meta';
type JobMeta = { reqId?: string };

function withMeta(payload: object, reqId: string | undefined): object {
  return reqId ? { ...payload, [META]: { reqId } satisfies JobMeta } : payload;
}

function splitMeta(data: unknown): { payload: unknown; reqId?: string } {
  if (typeof data !== 'object' || data === null || !(META in data)) return { payload: data };
  const { [META]: meta, ...payload } = data as Record<string, unknown>;
  const reqId = (meta as JobMeta | null)?.reqId;
  return { payload, reqId: typeof reqId === 'string' ? reqId : undefined };
}

/** Options of one send: pg-boss's, and `tx` to insert the job in the caller's transaction. */
type SendOptions = Omit<PgBoss.SendOptions, 'db'> & {
  tx?: DbOrTx;
  /** The request the job is sent for (its lines carry it); by default the one this code runs for (logger.ts). */
  requestId?: string;
};

export type JobQueue = ReturnType<typeof createJobQueue>;

/**
 * A durable PostgreSQL-backed job queue (pg-boss 10) on either database: PGlite through
 * pglite-executor, PostgreSQL through pg-boss's own connection pool. Jobs live in the `pgboss`
 * schema, so a job sent is kept across restarts until a worker completes it.
 */
export function createJobQueue<D>(opts: JobQueueOptions<D>) {
  const definitions = new Map<string, AnyJob<D>>();
  // pg-boss polls each queue per worker loop; 2 s (its default) keeps an idle PGlite quiet.
  const tuning = { maintenanceIntervalSeconds: 30, pollingIntervalSeconds: 2, ...opts.tuning };
  const common = { schema: 'pgboss', maintenanceIntervalSeconds: tuning.maintenanceIntervalSeconds, monitorStateIntervalSeconds: 600 };
  const boss =
    opts.handle.kind === 'pglite'
      ? new PgBoss({ ...common, db: pgliteExecutor(pgliteClient(opts.handle)) })
      : new PgBoss(postgresOptions(opts.handle, { ...common, max: Math.max(2, opts.concurrency + 1) }));
  boss.on('error', (e) => opts.onError?.(errorSummary(e)));
  let started = false;
  // Set once every queue row exists: pg-boss inserts a job only for a queue that exists.
  let sending = false;

  function define(def: AnyJob<D>) {
    if (started) throw new Error(`job ${def.name} defined after the queue started`);
    definitions.set(def.name, def);
  }
  for (const def of opts.jobs ?? []) define(def);

  const baseLog = opts.log ?? createLogger('silent');

  /** One run: the payload checked against the schema first (define-job.ts says why). */
  async function run(def: AnyJob<D>, job: PgBoss.Job<unknown>) {
    const { payload, reqId } = splitMeta(job.data);
    const retryCount = (job as { retryCount?: number }).retryCount ?? 0;
    const log = baseLog.child({ ...(reqId ? { reqId } : {}), job: def.name, jobId: job.id });
    const started = performance.now();
    log.info({ retryCount }, 'job started');
    try {
      const parsed = def.payload.safeParse(payload);
      if (!parsed.success) {
        // The same data fails the same way on every retry: none is made.
        await boss.getDb().executeSql('UPDATE pgboss.job SET retry_limit = retry_count WHERE name = $1 AND id = $2', [def.name, job.id]);
        throw new Error(`job ${def.name} received an invalid payload: ${issues(parsed.error)}`);
      }
      await def.handler(parsed.data, { id: job.id, retryCount, deps: opts.deps, log, requestId: reqId });
    } catch (err) {
      log.error({ err, retryCount, ms: Math.round(performance.now() - started) }, 'job failed');
      opts.onOutcome?.(def.name, 'failed');
      throw err;
    }
    log.info({ ms: Math.round(performance.now() - started) }, 'job completed');
    opts.onOutcome?.(def.name, 'completed');
  }

  /**
   * pg-boss completes or fails a job after its handler without awaiting it: during a database
   * outage that write is lost (the job waits for its expiry, up to an hour) and its rejection is
   * unhandled, which ends the process. So the handler's outcome is written here, retried until
   * the database takes it (or the queue stops); pg-boss's own write then finds the job no longer
   * active and changes nothing.
   */
  async function settle(write: () => Promise<unknown>) {
    for (let wait = 250; ; wait = Math.min(wait * 2, 5_000)) {
      try {
        return void (await write());
      } catch (err) {
        if (!started || !databaseOutage(err)) throw err;
        opts.onError?.(errorSummary(err));
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  }

  /** A run whose outcome is written before pg-boss's (see settle): outages become a retry, never a lost job. */
  async function runAndSettle(def: AnyJob<D>, job: PgBoss.Job<unknown>) {
    try {
      await run(def, job);
    } catch (err) {
      // Any other failure reaches pg-boss as before (the database is there to record it).
      if (!databaseOutage(err)) throw err;
      return settle(() => boss.fail(def.name, job.id, errorSummary(err)));
    }
    return settle(() => boss.complete(def.name, job.id));
  }

  return {
    boss,
    /** Declares a job kind; call before start(). */
    define,
    async start() {
      // Nothing defined, nothing to run: no pgboss schema or polling for an app without jobs.
      if (definitions.size === 0) return;
      await boss.start();
      started = true;
      for (const def of definitions.values()) {
        const policy = {
          name: def.name,
          retryLimit: def.retryLimit ?? JOB_DEFAULTS.retryLimit,
          retryDelay: def.retryDelay ?? JOB_DEFAULTS.retryDelay,
          retryBackoff: def.retryBackoff ?? JOB_DEFAULTS.retryBackoff,
          expireInSeconds: def.expireInSeconds ?? JOB_DEFAULTS.expireInSeconds,
        };
        await boss.createQueue(def.name, policy);
        // createQueue keeps an existing queue's policy; a changed definition must win on restart.
        await boss.updateQueue(def.name, policy);
      }
      sending = true;
      if (!opts.workers) return;
      // PGlite lives in this process only, so a job still active at start was cut off by a crash
      // of this very process: send it back to retry now instead of waiting for it to expire.
      if (opts.handle.kind === 'pglite') await failOrphans(boss, [...definitions.keys()]);
      for (const def of definitions.values()) {
        for (let i = 0; i < opts.concurrency; i++) {
          await boss.work(def.name, { pollingIntervalSeconds: tuning.pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
            if (job) await runAndSettle(def, job);
          });
        }
      }
    },
    /**
     * Queues a job after checking its payload with the job's schema (throws at once when it does
     * not fit); answers its id (null when a singleton key already has one queued). With `tx` the
     * job is inserted in that transaction: it exists exactly when the transaction commits.
     */
    send<P>(job: JobDefinition<P, never>, payload: NoInfer<P>, options: SendOptions = {}): Promise<string | null> {
      if (!definitions.has(job.name)) throw new Error(`unknown job ${job.name}`);
      // Refused rather than lost: before start() the queue row may be missing, and pg-boss inserts nothing then.
      if (!sending) throw new Error(`job ${job.name} sent while the queue is not running`);
      const parsed = job.payload.safeParse(payload);
      if (!parsed.success) throw new Error(`job ${job.name} refused an invalid payload: ${issues(parsed.error)}`);
      const { tx, requestId = currentRequestId(), ...rest } = options;
      const data = withMeta(parsed.data as object, requestId);
      return boss.send(job.name, data, tx ? { ...rest, db: transactionExecutor(tx) } : rest);
    },
    /** Queued and active jobs per kind (every defined kind, zeros included); none before start(). */
    async counts(): Promise<JobCounts[]> {
      if (!sending) return [];
      const names = [...definitions.keys()];
      const { rows } = await boss
        .getDb()
        .executeSql(
          `SELECT name, state, count(*)::int AS n FROM pgboss.job WHERE name = ANY($1) AND state IN ('created', 'retry', 'active') GROUP BY name, state`,
          [names],
        );
      const counts = new Map(names.map((name) => [name, { name, queued: 0, active: 0 }]));
      for (const { name, state, n } of rows as { name: string; state: string; n: number }[]) {
        const c = counts.get(name);
        if (c) c[state === 'active' ? 'active' : 'queued'] += Number(n);
      }
      return [...counts.values()];
    },
    /** Stops polling, lets running handlers finish (up to the timeout), then closes. */
    async stop(timeoutMs = 10_000) {
      if (!started) return;
      started = false;
      sending = false;
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
  };
}

const issues = (error: z.ZodError) => error.issues.map((i) => `${i.path.join('.') || 'payload'}: ${i.message}`).join('; ');

async function failOrphans(boss: PgBoss, names: string[]) {
  for (const name of names) {
    const { rows } = await boss.getDb().executeSql(`SELECT id FROM pgboss.job WHERE name = $1 AND state = 'active'`, [name]);
    const ids = (rows as { id: string }[]).map((r) => r.id);
    for (const id of ids) await boss.fail(name, id, { message: 'the process running this job stopped' });
  }
}

function pgliteClient(handle: DatabaseHandle): PGlite {
  // drizzle keeps the driver's client on $client.
  return (handle.db as unknown as { $client: PGlite }).$client;
}

/**
 * pg-boss hands its options to its pg Pool, which takes more than pg-boss's types say: a
 * connection that cannot be made fails after 5 s instead of waiting forever (db/client.ts).
 */
function postgresOptions(handle: DatabaseHandle, options: PgBoss.ConstructorOptions): PgBoss.ConstructorOptions {
  const withPoolTimeout = { ...options, connectionString: postgresUrl(handle), connectionTimeoutMillis: 5_000 };
  return withPoolTimeout;
}

function postgresUrl(handle: DatabaseHandle): string {
  const pool = (handle.db as unknown as { $client: { options: { connectionString?: string } } }).$client;
  const url = pool.options.connectionString;
  if (!url) throw new Error('the PostgreSQL pool has no connection string');
  return url;
}
