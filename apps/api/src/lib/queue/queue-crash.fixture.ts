// A worker process for queue.test.ts's crash test: the test runs it, kills it with SIGKILL while
// its job runs, and runs it again to see the job finished. Not a test file itself.
import { openDatabase } from '../../db/client.js';
import { z } from 'zod';
import { defineJob } from './define-job.js';
import { createJobQueue } from './job-queue.js';

const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDataDir: process.env.QUEUE_FIXTURE_DIR ?? '' });
const exec = (text: string, values: unknown[] = []) =>
  (handle.db as unknown as { $client: { query(t: string, v: unknown[]): Promise<{ rows: Record<string, unknown>[] }> } }).$client.query(
    text,
    values,
  );
await exec('CREATE TABLE IF NOT EXISTS queue_test_runs (job_id text NOT NULL, phase text NOT NULL)');

const crashTest = defineJob({
  name: 'crash-test',
  payload: z.object({ n: z.number() }),
  retryLimit: 3,
  retryDelay: 1,
  retryBackoff: false,
  // On PostgreSQL this is how the killed worker's job comes back: maintenance fails it once expired.
  expireInSeconds: 2,
  async handler(_data, job) {
    await exec('INSERT INTO queue_test_runs VALUES ($1, $2)', [job.id, 'started']);
    const { rows } = await exec(`SELECT count(*)::int AS n FROM queue_test_runs WHERE job_id = $1 AND phase = 'started'`, [job.id]);
    if (rows[0].n === 1) {
      console.log(`STARTED ${job.id}`);
      await new Promise(() => {}); // hangs until the test kills this process
    }
    await exec('INSERT INTO queue_test_runs VALUES ($1, $2)', [job.id, 'done']);
    console.log(`DONE ${job.id}`);
  },
});
const queue = createJobQueue({
  handle,
  workers: true,
  concurrency: 1,
  tuning: { maintenanceIntervalSeconds: 1, pollingIntervalSeconds: 0.5 },
  jobs: [crashTest],
  deps: {},
  onError: (e) => console.error('queue error', e),
});
await queue.start();
if (process.env.ENQUEUE === '1') console.log(`SENT ${await queue.send(crashTest, { n: 1 })}`);

process.on('SIGTERM', async () => {
  await queue.stop(2000);
  await handle.close();
  process.exit(0);
});
