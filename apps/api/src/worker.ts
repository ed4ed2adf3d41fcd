import { loadConfigOrExit } from './config.js';
import { openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { JOBS, type JobDeps } from './jobs/index.js';
import { createLiveBus } from './lib/live-bus/index.js';
import { createLogger, exitOnStartFailure } from './lib/logger.js';
import { createJobQueue } from './lib/queue/job-queue.js';
import { openFileStorage } from './plugins/storage.js';

/**
 * `npm run worker`: runs background jobs without serving HTTP, against DATABASE_URL. Start as
 * many as the load needs; each takes jobs from the shared PostgreSQL queue (pg-boss hands a job
 * to one worker). It builds only what the jobs need (the database, the storage, the logger) and
 * the queue from the job registry, with the same handlers and dependencies as the server's.
 */
async function main() {
  const config = loadConfigOrExit();
  if (!config.databaseUrl) {
    console.error(
      'npm run worker needs DATABASE_URL. The embedded database (PGlite) can be opened by one process only, so without DATABASE_URL `npm start` runs the jobs itself.',
    );
    process.exit(1);
  }
  const log = createLogger(config.logLevel);
  const handle = await openDatabase(config);
  // A worker started before any server still finds the tables its jobs write (the server seeds).
  await handle.withStartupLock(() => runMigrations(handle));
  const files = await openFileStorage(config);
  // Jobs report progress to the replicas' open streams (same transport as theirs: REDIS_URL, else DATABASE_URL).
  const live = await createLiveBus(config, log);
  const deps: JobDeps = { db: handle.db, storage: files.storage, jobTempDir: files.jobTempDir, ffmpegPath: files.ffmpegPath, live };
  const queue = createJobQueue({
    handle,
    workers: true,
    concurrency: config.queueConcurrency,
    jobs: JOBS,
    deps,
    // Message and code only (job-queue.ts says why).
    onError: (err) => log.error({ err }, 'job queue error'),
    // Job lines carry the id of the request that queued the job (reqId), as the server's do.
    log,
  });
  await queue.start();
  log.info({ concurrency: config.queueConcurrency, jobs: JOBS.map((j) => j.name) }, 'worker started');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker stopping');
    // Running jobs get time to finish; one that does not is retried by another worker after it expires.
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    try {
      await queue.stop();
      await live.close();
      await handle.close();
    } catch (err) {
      log.error({ err }, 'worker shutdown failed');
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch(exitOnStartFailure('Worker'));
