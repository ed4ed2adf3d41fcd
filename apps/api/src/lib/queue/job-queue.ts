import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../../db/client.js';
import { errorSummary } from '../logger.js';
import { pgliteExecutor } from './pglite-executor.js';

/** How a kind of job runs: its handler and its retry policy (stored on every job pg-boss creates). */
export type JobDefinition<T extends object = object> = {
  name: string;
  handler: (data: T, job: { id: string; retryCount: number }) => Promise<void>;
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

/** @public API of the bulk-upload groundwork for the demo-admin screens (issue 7 s.2-3), not used yet */
export const JOB_DEFAULTS = { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 15 * 60 } as const;

export type JobQueueOptions = {
  handle: DatabaseHandle;
  /** Run handlers in this process (false: this process only sends; `npm run worker` runs them). */
  workers: boolean;
  /** Handlers of one job kind running at once in this process. */
  concurrency: number;
  /** pg-boss settings the tests shorten (maintenance interval, polling). */
  tuning?: { maintenanceIntervalSeconds?: number; pollingIntervalSeconds?: number };
  /**
   * pg-boss's errors, as message and code only: it repeats a failure on every poll while the
   * database is away, and pg-pool's errors carry the whole client (connection settings included).
   */
  onError?: (error: { message: string; code?: string }) => void;
};

export type JobQueue = ReturnType<typeof createJobQueue>;

/**
 * A durable PostgreSQL-backed job queue (pg-boss 10) on either database: PGlite through
 * pglite-executor, PostgreSQL through pg-boss's own connection pool. Jobs live in the `pgboss`
 * schema, so a job sent is kept across restarts until a worker completes it.
 */
export function createJobQueue(opts: JobQueueOptions) {
  const definitions = new Map<string, JobDefinition<never>>();
  // pg-boss polls each queue per worker loop; 2 s (its default) keeps an idle PGlite quiet.
  const tuning = { maintenanceIntervalSeconds: 30, pollingIntervalSeconds: 2, ...opts.tuning };
  const common = { schema: 'pgboss', maintenanceIntervalSeconds: tuning.maintenanceIntervalSeconds, monitorStateIntervalSeconds: 600 };
  const boss =
    opts.handle.kind === 'pglite'
      ? new PgBoss({ ...common, db: pgliteExecutor(pgliteClient(opts.handle)) })
      : new PgBoss({ ...common, connectionString: postgresUrl(opts.handle), max: Math.max(2, opts.concurrency + 1) });
  boss.on('error', (e) => opts.onError?.(errorSummary(e)));
  let started = false;

  return {
    boss,
    /** Declares a job kind; call before start(). */
    define<T extends object>(def: JobDefinition<T>) {
      if (started) throw new Error(`job ${def.name} defined after the queue started`);
      definitions.set(def.name, def as unknown as JobDefinition<never>);
    },
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
      if (!opts.workers) return;
      // PGlite lives in this process only, so a job still active at start was cut off by a crash
      // of this very process: send it back to retry now instead of waiting for it to expire.
      if (opts.handle.kind === 'pglite') await failOrphans(boss, [...definitions.keys()]);
      for (const def of definitions.values()) {
        for (let i = 0; i < opts.concurrency; i++) {
          await boss.work(def.name, { pollingIntervalSeconds: tuning.pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
            await def.handler(job.data as never, { id: job.id, retryCount: (job as { retryCount?: number }).retryCount ?? 0 });
          });
        }
      }
    },
    /** Queues a job; answers its id (null when a singleton key already has one queued). */
    send<T extends object>(name: string, data: T, options: PgBoss.SendOptions = {}) {
      if (!definitions.has(name)) throw new Error(`unknown job ${name}`);
      return boss.send(name, data, options);
    },
    /** Stops polling, lets running handlers finish (up to the timeout), then closes. */
    async stop(timeoutMs = 10_000) {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
  };
}

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

function postgresUrl(handle: DatabaseHandle): string {
  const pool = (handle.db as unknown as { $client: { options: { connectionString?: string } } }).$client;
  const url = pool.options.connectionString;
  if (!url) throw new Error('the PostgreSQL pool has no connection string');
  return url;
}
