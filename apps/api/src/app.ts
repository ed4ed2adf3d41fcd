import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { type Config, loadConfig } from './config.js';
import { JOBS, type JobDeps } from './jobs/index.js';
import { type Clock, systemClock } from './lib/clock.js';
import type { FileStorage } from './lib/storage/index.js';
import { bindRequestContext, createLogger, requestId } from './lib/logger.js';
import { replySerializerCompiler } from './lib/reply-serializer/index.js';
import { validatorCompiler } from './lib/validator.js';
import { accessRoutes, createAccessService } from './modules/access/index.js';
import authRoutes from './modules/auth/auth.routes.js';
import { bulkUploadsRoutes } from './modules/bulk-uploads/index.js';
import { clientsRoutes } from './modules/clients/index.js';
import { clientDashboardRoutes } from './modules/client-dashboard/index.js';
import companiesRoutes from './modules/companies/companies.routes.js';
import filesRoutes from './modules/files/files.routes.js';
import productDashboardRoutes from './modules/product-dashboard/product-dashboard.routes.js';
import healthRoutes from './modules/health/health.routes.js';
import locationsRoutes from './modules/locations/locations.routes.js';
import { manageActionsRoutes } from './modules/manage-actions/index.js';
import demoMediaRoutes from './modules/demo-media/demo-media.routes.js';
import campaignMediaRoutes from './modules/campaign-media/campaign-media.routes.js';
import toneSequencesRoutes from './modules/tone-sequences/tone-sequences.routes.js';
import toneHomeRoutes from './modules/tone-home/tone-home.routes.js';
import { liveRoutes } from './modules/live/index.js';
import { createApiKeyService, userRequestsRoutes } from './modules/user-requests/index.js';
import permissionsRoutes from './modules/permissions/permissions.routes.js';
import rolesRoutes from './modules/roles/roles.routes.js';
import { profileRoutes } from './modules/profile/index.js';
import { secondFactorsRoutes } from './modules/second-factors/index.js';
import { createSessionService, userSessionsRoutes } from './modules/user-sessions/index.js';
import { userActivityRoutes } from './modules/user-activity/index.js';
import { changeHistoryRoutes } from './modules/change-history/index.js';
import usersRoutes from './modules/users/users.routes.js';
import auditPlugin from './plugins/audit.js';
import clientAddress from './plugins/client-address.js';
import authPlugin from './plugins/auth.js';
import databasePlugin from './plugins/database.js';
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/errors.js';
import liveBusPlugin from './plugins/live-bus.js';
import mailPlugin, { type Mailer } from './plugins/mail.js';
import metricsPlugin from './plugins/metrics.js';
import multipartPlugin from './plugins/multipart.js';
import queuePlugin from './plugins/queue.js';
import rateLimitPlugin from './plugins/rate-limit.js';
import routePermissions from './plugins/route-permissions.js';
import securityHeaders from './plugins/security-headers.js';
import staticSpa from './plugins/static-spa.js';
import storagePlugin from './plugins/storage.js';
import swaggerPlugin from './plugins/swagger.js';
import './types.js';

export type BuildOptions = {
  /** Time source for every expiry rule (tests move it forward instead of sleeping). */
  clock?: Clock;
  /** Where logs go (tests capture them to prove secrets are redacted). */
  logStream?: DestinationStream;
  mailer?: Mailer;
  /** A ready storage instead of the configured one (tests). */
  storage?: FileStorage;
};

/**
 * Builds the whole application without listening, so tests drive it with app.inject.
 * `overrides` replace values read from the environment.
 */
export async function buildApp(overrides: Partial<Config> = {}, options: BuildOptions = {}): Promise<FastifyInstance> {
  const config = loadConfig(process.env, overrides);
  const app = Fastify({
    loggerInstance: createLogger(config.logLevel, options.logStream) as FastifyBaseLogger,
    genReqId: requestId,
    trustProxy: config.trustProxy,
    // The API is JSON; bodies larger than this are refused with 413 (uploads get their own limits).
    bodyLimit: 1024 * 1024,
    // Opening the database runs the migrations, which can take long on a big database or a busy
    // machine; the default 10 s would kill a healthy start.
    pluginTimeout: 300_000,
    // Errors raised before a route runs answer in the error shape too (plugins/errors.ts).
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Replies are written from the routes' zod schemas; lib/reply-serializer says how, and why not by zod itself.
  app.setSerializerCompiler(replySerializerCompiler);
  // Some clients send Content-Type: application/json with an empty body on bodiless POSTs
  // (logout, heartbeat); accept that as "no body" instead of failing with 400.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    return jsonParser(request, text, done);
  });
  app.decorate('config', config);
  app.decorate('clock', options.clock ?? systemClock);

  // The rest of each request runs knowing its id: a job it queues carries it to the worker's log lines.
  app.addHook('onRequest', bindRequestContext);
  // First, so it sees every route: every route under /api must declare its permission.
  await app.register(routePermissions);
  await app.register(clientAddress);
  await app.register(errorsPlugin);
  await app.register(securityHeaders);
  await app.register(cookie);
  await app.register(mailPlugin, { mailer: options.mailer });
  await app.register(rateLimitPlugin);
  await app.register(databasePlugin);
  await app.register(liveBusPlugin);
  // The services every request needs (plugins/auth.ts reads them); decorated here, the composition root,
  // because plugins never import modules.
  app.decorate('sessions', createSessionService({ db: app.db, config: app.config, clock: app.clock, live: app.live }));
  app.decorate('access', createAccessService(app.db));
  app.decorate('apiKeys', createApiKeyService(app.db));
  await app.register(auditPlugin);
  await app.register(storagePlugin, { storage: options.storage });
  await app.register(multipartPlugin);
  // Before the queue (which reports job outcomes to it) and the routes (whose durations it measures).
  await app.register(metricsPlugin);
  // The registry's jobs, run (or only sent) by this process on the same footing as `npm run worker`'s.
  const jobDeps: JobDeps = { db: app.db, storage: app.storage, jobTempDir: app.jobTempDir, ffmpegPath: app.ffmpegPath, live: app.live };
  await app.register(queuePlugin, { jobs: JOBS, deps: jobDeps });
  // Before any route (hooks reach only contexts made after them), after the plugins it reads.
  await app.register(authPlugin);
  await app.register(swaggerPlugin);

  await app.register(
    async (api) => {
      // API answers carry tokens and personal data: no cache may keep them.
      api.addHook('onSend', async (_request, reply) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      });
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(userSessionsRoutes);
      await api.register(userActivityRoutes);
      await api.register(changeHistoryRoutes);
      await api.register(accessRoutes);
      await api.register(filesRoutes);
      await api.register(companiesRoutes);
      await api.register(clientsRoutes);
      await api.register(bulkUploadsRoutes);
      await api.register(usersRoutes);
      await api.register(profileRoutes);
      await api.register(secondFactorsRoutes);
      await api.register(rolesRoutes);
      await api.register(permissionsRoutes);
      await api.register(productDashboardRoutes);
      await api.register(locationsRoutes);
      await api.register(toneSequencesRoutes);
      await api.register(manageActionsRoutes);
      await api.register(demoMediaRoutes);
      await api.register(campaignMediaRoutes);
      await api.register(clientDashboardRoutes);
      await api.register(userRequestsRoutes);
      await api.register(toneHomeRoutes);
      await api.register(liveRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(staticSpa);
  return app;
}
