import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobQueue, type JobQueue } from '../lib/queue/job-queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs (lib/queue): modules define their jobs while registering, then send them. */
    queue: JobQueue;
  }
}

/**
 * The durable job queue. Workers run in this process unless QUEUE_WORKERS=false, in which case
 * `npm run worker` processes run them (PostgreSQL only: PGlite cannot be opened by a second
 * process, so on it this process always runs its jobs). Starts when the app is ready, after every
 * module had the chance to define its jobs; stops before the database closes.
 */
export default fp(async function queuePlugin(app: FastifyInstance) {
  const pglite = app.dbHandle.kind === 'pglite';
  if (pglite && !app.config.queueWorkers) app.log.warn('QUEUE_WORKERS=false ignored: on the embedded database jobs run in this process');
  const queue = createJobQueue({
    handle: app.dbHandle,
    workers: pglite || app.config.queueWorkers,
    concurrency: app.config.queueConcurrency,
    // Message and code only (job-queue.ts says why).
    onError: (err) => app.log.error({ err }, 'job queue error'),
  });
  app.decorate('queue', queue);
  app.addHook('onReady', async () => queue.start());
  app.addHook('onClose', async () => queue.stop());
});
