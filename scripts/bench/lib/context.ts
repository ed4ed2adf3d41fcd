// What benchmarks share: one real server started on demand (fresh PGlite, known admin
// password), stopped when the run ends.
import { startAppServer, type AppServer } from '../../lib/app-server';

export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'Bench-Admin-Pass-3307' };

export class BenchContext {
  private server?: Promise<AppServer>;

  /**
   * The real server (node apps/api/dist/server.mjs, as npm start runs it) on loopback: a fresh PGlite, or
   * the PostgreSQL database in BENCH_DATABASE_URL (its tables are migrated and seeded).
   */
  app(): Promise<AppServer> {
    const pg = process.env.BENCH_DATABASE_URL;
    this.server ??= startAppServer({
      name: 'bench',
      keepDatabaseUrl: !!pg,
      env: {
        ...(pg ? { DATABASE_URL: pg } : {}),
        ADMIN_EMAIL: BENCH_ADMIN.email,
        ADMIN_PASSWORD: BENCH_ADMIN.password,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
        RATE_LIMIT_OTP_PER_MINUTE: '100000',
        RATE_LIMIT_RESET_PER_MINUTE: '100000',
        // The load benchmark sends thousands of ingestion batches a minute with one key.
        RATE_LIMIT_INGEST_PER_MINUTE: '10000000',
        // auth-timing sends hundreds of wrong passwords for the admin: it must stay unlocked.
        LOCKOUT_THRESHOLD: '1000000',
      },
    });
    return this.server;
  }

  async close() {
    if (this.server) await (await this.server.catch(() => undefined))?.stop();
  }
}
