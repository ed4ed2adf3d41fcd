import { type BulkJobDeps, bulkUploadJob } from '../modules/bulk-uploads/index.js';

/**
 * Every kind of background job, in one list: the server's queue (app.ts, plugins/queue.ts) and
 * `npm run worker` (worker.ts) are both built from it, so a job a module sends is one both know.
 * A job is declared with defineJob (lib/queue/define-job.ts) in the module it belongs to, which
 * also sends it (`app.queue.send(job, payload)`).
 */
export const JOBS = [bulkUploadJob];

/**
 * What the handlers work with: every job's dependencies together. The server hands over its
 * app's (a FastifyInstance has these fields); the worker builds them without an app.
 */
export type JobDeps = BulkJobDeps;
