import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { seedDatabase } from '../db/seed/index.js';

/**
 * Opens PGlite (DATABASE_URL unset) or a PostgreSQL pool, applies migrations and the idempotent
 * seed under a lock, and exposes the database (`app.db`); app.ts adds the services built on it.
 */
export default fp(async function databasePlugin(app: FastifyInstance) {
  const handle = await openDatabase(app.config);
  app.addHook('onClose', async () => handle.close());
  const seedResult = await handle.withStartupLock(async () => {
    await runMigrations(handle);
    return seedDatabase(handle.db, app.config);
  });
  app.decorate('dbHandle', handle);
  app.decorate('db', handle.db);
  app.decorate('seedResult', seedResult);
});
