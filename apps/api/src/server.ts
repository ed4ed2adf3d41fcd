import { buildApp } from './app.js';
import { loadConfigOrExit } from './config.js';
import { exitOnStartFailure } from './lib/logger.js';

/** Starts the HTTP server; buildApp (app.ts) holds everything else so tests can skip listening. */
async function main() {
  const config = loadConfigOrExit();
  const app = await buildApp();
  await app.ready();

  const seed = app.seedResult;
  // Printed once, to the console only (not the structured log, which may be shipped elsewhere).
  if (seed.generatedAdminPassword) {
    console.log(
      `\n  Super admin created: ${config.adminEmail} / ${seed.generatedAdminPassword}\n  (shown only this once; set ADMIN_PASSWORD to choose it)\n`,
    );
  }
  if (seed.generatedDemoPassword) {
    console.log(`  Demo users (manager@, agent@, guest@example.com) password: ${seed.generatedDemoPassword}\n`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests finish; a stuck one does not keep the process alive for ever.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch(exitOnStartFailure('Server'));
