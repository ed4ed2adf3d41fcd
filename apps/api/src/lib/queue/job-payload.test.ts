import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type DatabaseHandle, openDatabase } from '../../db/client.js';
import { createTestDatabase } from '../../test/test-db.js';
import { defineJob } from './define-job.js';
import { createJobQueue, type JobQueue } from './job-queue.js';

// Typed jobs (issue 16 item 2): the payload checked with the job's schema when sent and when
// received, and a job sent inside the caller's transaction. PGlite in memory, or PostgreSQL
// with DATABASE_URL.

async function waitFor<T>(what: string, check: () => Promise<T | undefined | false>, deadlineMs = 60_000): Promise<T> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let handle: DatabaseHandle;
let drop: () => Promise<void>;
let queue: JobQueue;
const seen: number[] = [];
const count = defineJob({
  name: 'count',
  payload: z.object({ n: z.number().int().positive() }),
  retryLimit: 3,
  retryDelay: 1,
  retryBackoff: false,
  async handler(data) {
    seen.push(data.n);
  },
});

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  handle = await openDatabase({ databaseUrl: database.overrides.databaseUrl, pgliteDataDir: 'memory://' });
  await handle.db.execute(sql`create table payload_test_rows (n int primary key)`);
  queue = createJobQueue({
    handle,
    workers: true,
    concurrency: 1,
    tuning: { maintenanceIntervalSeconds: 1, pollingIntervalSeconds: 0.5 },
    jobs: [count],
    deps: {},
  });
});
afterAll(async () => {
  await queue?.stop();
  await handle?.close();
  await drop?.();
});

/** Rows of a query (drizzle's execute answers the driver's result: `rows` on both). */
const rows = async <T>(query: SQL) => ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
type JobRow = { id: string; state: string; retry_count: number; output: { message?: string } | null; data: { n?: unknown } };
const jobsOf = (name: string) => rows<JobRow>(sql`select id, state, retry_count, output, data from pgboss.job where name = ${name}`);

describe('typed jobs', () => {
  it('refuses a send before the queue started: the job would be lost (no queue row yet)', async () => {
    expect(() => queue.send(count, { n: 1 })).toThrow(/not running/);
    await queue.start();
  });

  it('refuses a payload that does not fit the schema when it is sent, and stores nothing', async () => {
    // @ts-expect-error the payload type comes from the schema
    expect(() => queue.send(count, { n: 'three' })).toThrow(/job count refused an invalid payload: n: /);
    expect(() => queue.send(count, { n: -1 })).toThrow(/invalid payload/);
    expect(await jobsOf('count')).toEqual([]);
  });

  it('fails a job whose stored payload does not fit, with the reason and without retrying it', async () => {
    // Written around the check, as an older version or a hand-made row would be.
    const id = await queue.boss.send('count', { n: 'not a number' });
    const job = await waitFor('the failure', async () => (await jobsOf('count')).find((j) => j.id === id && j.state === 'failed'));
    expect(job.retry_count).toBe(0);
    expect(job.output?.message).toMatch(/^job count received an invalid payload: n: /);
    expect(seen).toEqual([]);
  });

  it('inserts a job sent with a transaction only when that transaction commits', async () => {
    const rolledBack = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into payload_test_rows values (41)`);
      await queue.send(count, { n: 41 }, { tx });
      throw new Error('changed my mind');
    });
    await expect(rolledBack).rejects.toThrow('changed my mind');
    expect((await jobsOf('count')).filter((j) => j.data.n === 41)).toEqual([]);

    const id = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into payload_test_rows values (42)`);
      return queue.send(count, { n: 42 }, { tx });
    });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor('the job', async () => seen.includes(42));
    expect(seen).toEqual([42]);
    expect(await rows(sql`select n from payload_test_rows`)).toEqual([{ n: 42 }]);
  });
});
