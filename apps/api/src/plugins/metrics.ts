import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Pool } from 'pg';
import type * as PromClient from 'prom-client';
import { AppError } from '../lib/app-error.js';
import type { JobOutcome } from '../lib/queue/job-queue.js';

/** What the rest of the app records; no-ops while metrics are off. */
type Metrics = {
  /** Device rows stored by an ingestion batch (rate() of the counter is rows/s). */
  ingestedRows(count: number): void;
  /** A run of a job ended in this process (job-queue.ts onOutcome). */
  jobOutcome(kind: string, outcome: JobOutcome): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const OFF: Metrics = { ingestedRows: () => {}, jobOutcome: () => {} };
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
// Uploads and exports take seconds; most API answers take milliseconds.
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120];

/**
 * GET /metrics in Prometheus's text format, for a scraper holding METRICS_KEY (sent as
 * `Authorization: Bearer <key>`). Without METRICS_KEY the endpoint answers 404 and prom-client is
 * never loaded (the idle server's memory, README "Production build and memory"); a wrong or
 * missing key answers 401, both in the error shape. Series: request durations by route pattern
 * (the route's URL template, never the raw URL: one series per route, method and status), jobs
 * queued/active per kind (read from the queue's table on each scrape, so every process's jobs),
 * job runs completed/failed in this process, device rows ingested, the database pools, and
 * prom-client's process metrics (memory, CPU, event loop lag).
 */
export default fp(async function metricsPlugin(app: FastifyInstance) {
  const key = app.config.metricsKey;
  if (!key) {
    app.decorate('metrics', OFF);
    app.get('/metrics', { schema: { hide: true } }, async () => {
      throw new AppError('NOT_FOUND');
    });
    return;
  }
  const prom = await import('prom-client');
  const registry = new prom.Registry();
  prom.collectDefaultMetrics({ register: registry });
  const m = createSeries(prom, registry, app);
  app.decorate('metrics', {
    ingestedRows: (count) => {
      if (count > 0) m.ingested.inc(count);
    },
    jobOutcome: (kind, outcome) => (outcome === 'completed' ? m.completed : m.failed).inc({ kind }),
  } satisfies Metrics);

  app.addHook('onResponse', async (request, reply) => {
    m.duration.observe(
      { method: METHODS.has(request.method) ? request.method : 'OTHER', route: routeOf(request), status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const expected = digest(key);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!timingSafeEqual(digest(given), expected)) throw new AppError('UNAUTHENTICATED');
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
});

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The route's template (`/api/users/:id`); requests no route matched share one label. */
const routeOf = (request: FastifyRequest) => (request.is404 ? '(unmatched)' : (request.routeOptions.url ?? '(unmatched)'));

function createSeries(prom: typeof PromClient, registry: PromClient.Registry, app: FastifyInstance) {
  const registers = [registry];
  const duration = new prom.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to response, by route pattern, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const completed = new prom.Counter({
    name: 'jobs_completed_total',
    help: 'Job runs completed in this process, by job kind',
    labelNames: ['kind'] as const,
    registers,
  });
  const failed = new prom.Counter({
    name: 'jobs_failed_total',
    help: 'Job runs failed in this process, by job kind (a failed run is retried while the retry limit allows)',
    labelNames: ['kind'] as const,
    registers,
  });
  const ingested = new prom.Counter({
    name: 'ingested_device_rows_total',
    help: 'Device request rows stored by POST /api/device/user-requests (rate() gives rows per second)',
    registers,
  });
  new prom.Gauge({
    name: 'jobs',
    help: 'Jobs queued (waiting or waiting for a retry) and active, by job kind, in the shared queue',
    labelNames: ['kind', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      try {
        for (const c of await app.queue.counts()) {
          this.set({ kind: c.name, state: 'queued' }, c.queued);
          this.set({ kind: c.name, state: 'active' }, c.active);
        }
      } catch (err) {
        // The database is away: the scrape still answers, and this series is missing from it.
        app.log.warn({ err }, 'metrics: could not count the queued jobs');
      }
    },
  });
  new prom.Gauge({
    name: 'db_pool_connections',
    help: 'Database connections by pool (app: queries; queue: pg-boss) and state (total, idle, waiting = callers waiting for one)',
    labelNames: ['pool', 'state'] as const,
    registers,
    collect() {
      this.reset();
      // PGlite is one in-process connection that runs one statement at a time: no pool to size.
      if (app.dbHandle.kind === 'pglite') return this.set({ pool: 'app', state: 'total' }, 1);
      const pools: [string, Pool | undefined][] = [
        ['app', (app.db as unknown as { $client: Pool }).$client],
        ['queue', (app.queue.boss.getDb() as { pool?: Pool }).pool],
      ];
      for (const [pool, p] of pools) {
        if (!p) continue;
        this.set({ pool, state: 'total' }, p.totalCount);
        this.set({ pool, state: 'idle' }, p.idleCount);
        this.set({ pool, state: 'waiting' }, p.waitingCount);
      }
    },
  });
  return { duration, completed, failed, ingested };
}
