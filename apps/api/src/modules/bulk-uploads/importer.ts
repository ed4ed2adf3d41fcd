import type { Db } from '../../db/client.js';
import type { bulkUploads } from '../../db/schema/index.js';
import type { LiveBus } from '../../lib/live-bus/index.js';
import type { FileStorage } from '../../lib/storage/index.js';

/**
 * What the bulk job works with. The server hands over its app's (a FastifyInstance has these
 * very fields), `npm run worker` the ones it builds without an app (src/jobs, src/worker.ts).
 */
export type BulkJobDeps = {
  db: Db;
  storage: FileStorage;
  /** Where the job keeps its working copies (a stored part, an archive entry). */
  jobTempDir: string;
  /** ffmpeg for video poster frames, or null. */
  ffmpegPath: string | null;
  /** Progress goes out on the live bus (open upload lists refetch). */
  live: Pick<LiveBus, 'publish'>;
};

export type Upload = typeof bulkUploads.$inferSelect;

/**
 * How one kind of bulk upload is imported; the job (bulk-uploads.job.ts) picks it by the row's
 * kind. Both steps may run any number of times for the same row (a crash, a retry): idempotent.
 */
export type BulkImporter = {
  /** Imports the stored part, copied to `path`, and settles the row (or leaves it to a run ahead of this one). */
  run(deps: BulkJobDeps, upload: Upload, path: string): Promise<void>;
  /** The part is gone from storage: the row fails with `message`. */
  refuse(deps: BulkJobDeps, upload: Upload, message: string): Promise<void>;
};
