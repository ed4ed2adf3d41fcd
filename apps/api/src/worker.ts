import { buildApp } from './app.js';
import { loadConfigOrExit } from './config.js';
import { exitOnStartFailure } from './lib/logger.js';

/**
 * `npm run worker`: runs background jobs without serving HTTP, against DATABASE_URL. Start as
 * many as the load needs; each takes jobs from the shared PostgreSQL queue (pg-boss hands a job
 * to one worker). The app is built whole so every module defines its jobs exactly as the server does.
 */
async function main() {
  const config = loadConfigOrExit();
  if (!config.databaseUrl) {
    console.error(
      'npm run worker needs DATABASE_URL. The embedded database (PGlite) can be opened by one process only, so without DATABASE_URL `npm start` runs the jobs itself.',
    );
    process.exit(1);
  }
  const app = await buildApp({ queueWorkers: true });
  await app.ready();
  app.log.info({ concurrency: config.queueConcurrency }, 'worker started');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'worker stopping');
    // Running jobs get time to finish; one that does not is retried by another worker after it expires.
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    await app.close().catch((err) => app.log.error({ err }, 'worker shutdown failed'));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch(exitOnStartFailure('Worker'));
