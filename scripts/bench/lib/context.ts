// What benchmarks share: the real server started on demand (fresh PGlite, known admin
// password), and a second one at low CPU priority for the page-load benchmarks; both stopped when
// the run ends.
import { startAppServer, type AppServer } from '../../lib/app-server';

export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'Bench-Admin-Pass-3307' };

/** What every bench server runs with: a known administrator, no demo data, limits out of the way. */
function benchServer(name: string, niceness?: number): Promise<AppServer> {
  const pg = process.env.BENCH_DATABASE_URL;
  return startAppServer({
    name,
    niceness,
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
}

export class BenchContext {
  private server?: Promise<AppServer>;
  private pageServer?: Promise<AppServer>;

  /**
   * The real server (node apps/api/dist/server.mjs, as npm start runs it) on loopback: a fresh PGlite, or
   * the PostgreSQL database in BENCH_DATABASE_URL (its tables are migrated and seeded).
   */
  app(): Promise<AppServer> {
    this.server ??= benchServer('bench');
    return this.server;
  }

  /**
   * A server of its own for the page-load benchmarks (Lighthouse), at the lowest CPU priority
   * (nice 19). Lighthouse computes its scores from the page's task durations on the wall clock,
   * multiplied by its CPU slowdown; on a 2-core host the API answering the page's own requests
   * (sign-in refresh, permissions, the dashboard's queries on PGlite) took the CPU from the
   * renderer in the middle of its tasks: a task of 17 ms of CPU lasted 42 ms, and was judged as
   * 42. A phone does not share its CPU with the server, and Lighthouse's docs ask for a host
   * running nothing else; at nice 19 the server still answers, but only when the page's threads
   * leave it the CPU. Its own benchmarks (list, load, ingestion) keep the normal priority.
   */
  pageLoadApp(): Promise<AppServer> {
    this.pageServer ??= benchServer('bench-pages', 19);
    return this.pageServer;
  }

  async close() {
    for (const server of [this.server, this.pageServer]) if (server) await (await server.catch(() => undefined))?.stop();
  }
}
