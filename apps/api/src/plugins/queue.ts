import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobQueue, type JobQueue, type JobQueueOptions } from '../lib/queue/job-queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs (lib/queue): the registry's jobs (src/jobs), sent with `app.queue.send(job, payload)`. */
    queue: JobQueue;
  }
}

/** The job registry and what its handlers need; app.ts (the composition root) passes both, plugins never import modules. */
type QueuePluginOptions<D> = Pick<JobQueueOptions<D>, 'jobs' | 'deps'>;

/**
 * The durable job queue. Workers run in this process unless QUEUE_WORKERS=false, in which case
 * `npm run worker` processes run them (PostgreSQL only: PGlite cannot be opened by a second
 * process, so on it this process always runs its jobs). Starts when the app is ready (a test may
 * define more jobs before that); stops before the database closes.
 */
async function queuePlugin<D>(app: FastifyInstance, opts: QueuePluginOptions<D>) {
  const pglite = app.dbHandle.kind === 'pglite';
  if (pglite && !app.config.queueWorkers) app.log.warn('QUEUE_WORKERS=false ignored: on the embedded database jobs run in this process');
  const queue = createJobQueue({
    handle: app.dbHandle,
    workers: pglite || app.config.queueWorkers,
    concurrency: app.config.queueConcurrency,
    jobs: opts.jobs,
    deps: opts.deps,
    // Message and code only (job-queue.ts says why).
    onError: (err) => app.log.error({ err }, 'job queue error'),
    log: app.log,
    onOutcome: (name, outcome) => app.metrics.jobOutcome(name, outcome),
  });
  app.decorate('queue', queue as JobQueue);
  app.addHook('onReady', async () => queue.start());
  app.addHook('onClose', async () => queue.stop());
}

export default fp(queuePlugin);
