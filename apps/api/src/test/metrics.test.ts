import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob } from '../lib/queue/define-job.js';
import { createToneSetup, item, regenerateKey, sendBatch } from '../modules/user-requests/user-requests.testing.js';
import { createRoleWithKeys, createUser } from '../modules/roles/testing.js';
import { createTestApp, type TestApp } from './test-app.js';

// GET /metrics (plugins/metrics.ts): Prometheus's text format behind METRICS_KEY, and series that
// move with the requests, jobs and ingested rows this process handles.
const KEY = 'metrics-key-for-the-test-0123456789';
const ok = defineJob({ name: 'metrics-ok', payload: z.object({}), handler: async () => {} });
const fails = defineJob({
  name: 'metrics-fails',
  payload: z.object({}),
  retryLimit: 0,
  handler: async () => {
    throw new Error('this job always fails');
  },
});
const later = defineJob({ name: 'metrics-later', payload: z.object({}), handler: async () => {} });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { metricsKey: KEY },
    {
      beforeReady: (app) => {
        for (const job of [ok, fails, later]) app.queue.define(job);
      },
    },
  );
});
afterAll(() => t?.close());

const scrape = async () => {
  const res = await t.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${KEY}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};

/** The value of one sample (`name{labels} value`), 0 when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

async function waitForState(name: string, id: string, state: string) {
  const end = Date.now() + 60_000;
  for (;;) {
    const job = await t.app.queue.boss.getJobById(name, id);
    if (job?.state === state) return;
    if (Date.now() > end) throw new Error(`job ${name} ${id} is ${job?.state}, not ${state}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('GET /metrics', () => {
  it('refuses a missing or wrong key with 401 in the error shape', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-key' }, { authorization: KEY }]) {
      const res = await t.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED', message: expect.any(String) });
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it("answers in Prometheus's text format with the process, pool and request series", async () => {
    const res = await t.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${KEY}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.body).toContain('# TYPE jobs_completed_total counter');
    expect(res.body).toContain('# TYPE ingested_device_rows_total counter');
    expect(res.body).toContain('# TYPE process_resident_memory_bytes gauge');
    // PostgreSQL's pool may have closed its idle connections by now (total 0); PGlite's is always 1.
    expect(res.body).toMatch(/^db_pool_connections\{pool="app",state="total"\} \d+$/m);
  });

  it('counts requests by route pattern, never by raw URL', async () => {
    const labels = { method: 'GET', route: '/api/permissions/:id', status: '401' };
    const before = sample(await scrape(), 'http_request_duration_seconds_count', labels);
    for (const id of [987_654, 987_655]) expect((await t.inject({ method: 'GET', url: `/api/permissions/${id}` })).statusCode).toBe(401);
    await t.inject({ method: 'GET', url: '/api/no-such-route-4242' });
    const text = await scrape();
    expect(sample(text, 'http_request_duration_seconds_count', labels)).toBe(before + 2);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '(unmatched)', status: '404' })).toBeGreaterThanOrEqual(1);
    // In no label value: a bare substring test failed once on a sample's own digits (a heap size
    // or a duration sum can contain 987654).
    for (const raw of ['987654', '987655', 'no-such-route-4242']) expect(text).not.toMatch(new RegExp(`="[^"]*${raw}[^"]*"`));
  });

  it('counts completed and failed job runs, and the jobs waiting per kind', async () => {
    const before = await scrape();
    await waitForState(ok.name, (await t.app.queue.send(ok, {}))!, 'completed');
    await waitForState(fails.name, (await t.app.queue.send(fails, {}))!, 'failed');
    // Not due for an hour: it waits in the queue.
    await t.app.queue.send(later, {}, { startAfter: 3600 });
    const after = await scrape();
    expect(sample(after, 'jobs_completed_total', { kind: ok.name })).toBe(sample(before, 'jobs_completed_total', { kind: ok.name }) + 1);
    expect(sample(after, 'jobs_failed_total', { kind: fails.name })).toBe(sample(before, 'jobs_failed_total', { kind: fails.name }) + 1);
    expect(sample(after, 'jobs', { kind: later.name, state: 'queued' })).toBe(1);
    expect(sample(after, 'jobs', { kind: later.name, state: 'active' })).toBe(0);
  });

  it('counts the device rows stored by ingestion', async () => {
    const admin = await t.login('admin');
    const { key } = await regenerateKey(t, admin, (await createUser(t, await createRoleWithKeys(t, ['user-requests.ingest']))).id);
    const { codes } = await createToneSetup(t, 1);
    const before = sample(await scrape(), 'ingested_device_rows_total');
    const batch = { requests: [item(codes[0]!), item(codes[0]!), item(codes[0]!)] };
    expect((await sendBatch(t, key, batch)).statusCode).toBe(200);
    // The same batch again: duplicates are not stored, so not counted.
    expect((await sendBatch(t, key, batch)).statusCode).toBe(200);
    expect(sample(await scrape(), 'ingested_device_rows_total')).toBe(before + 3);
  });
});

describe('GET /metrics without METRICS_KEY', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp();
  });
  afterAll(() => off?.close());

  it('is not there: 404 in the error shape, whatever the key', async () => {
    for (const headers of [{}, { authorization: `Bearer ${KEY}` }]) {
      const res = await off.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: expect.any(String) });
    }
  });
});
