import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { defineJob } from './define-job.js';

// One id from the request to its job: a job carries the id of the request that queued it (in its
// row, job-queue.ts), and the lines the queue and the handler log for that job show it as `reqId`,
// the field of the request's own lines. The job runs from its row in the database, as it would in
// `npm run worker` (worker.ts builds the same queue with its logger).
const lines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
    done();
  },
});

const traced = defineJob({
  name: 'traced',
  payload: z.strictObject({ n: z.number() }),
  async handler(data, { log }) {
    log.info({ n: data.n }, 'traced job working');
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { logLevel: 'info' },
    {
      logStream,
      beforeReady: (app) => {
        app.queue.define(traced);
        // A route that queues the job, as the upload routes do (outside /api: no permission to declare).
        app.post('/test/queue-traced', async () => ({ id: await app.queue.send(traced, { n: 5 }) }));
      },
    },
  );
});
afterAll(() => t?.close());

async function completed(id: string) {
  const end = Date.now() + 60_000;
  while ((await t.app.queue.boss.getJobById(traced.name, id))?.state !== 'completed') {
    if (Date.now() > end) throw new Error(`job ${id} did not complete`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the request id in the job lines', () => {
  it("shows the queuing request's id on every line of its job, the handler's own included", async () => {
    const res = await t.inject({ method: 'POST', url: '/test/queue-traced', headers: { 'x-request-id': 'trace-7f3a-upload' } });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ id: string }>().id;
    await completed(id);

    const requestLines = lines.filter((l) => l.reqId === 'trace-7f3a-upload' && l.jobId === undefined);
    expect(requestLines.map((l) => l.msg)).toContain('request completed');
    const jobLines = lines.filter((l) => l.jobId === id);
    expect(jobLines.map((l) => l.msg)).toEqual(['job started', 'traced job working', 'job completed']);
    for (const line of jobLines) expect(line).toMatchObject({ reqId: 'trace-7f3a-upload', job: 'traced' });
  });

  it('keeps the id out of the payload the handler checks (a strict schema accepts the job)', async () => {
    const id = (await t.app.queue.send(traced, { n: 6 }))!;
    await completed(id);
    const jobLines = lines.filter((l) => l.jobId === id);
    // Sent outside any request: no id to carry.
    expect(jobLines.map((l) => l.msg)).toEqual(['job started', 'traced job working', 'job completed']);
    for (const line of jobLines) expect(line.reqId).toBeUndefined();
  });
});
