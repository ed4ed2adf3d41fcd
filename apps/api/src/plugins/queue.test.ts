import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob } from '../lib/queue/define-job.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

// The queue wired into the app: a module defines a job while the app is built, the app starts
// the workers when ready, and a job sent through app.queue runs in this process.
let t: TestApp;
const seen: number[] = [];
const pluginTest = defineJob({
  name: 'plugin-test',
  payload: z.object({ n: z.number() }),
  async handler(data) {
    seen.push(data.n);
  },
});
beforeAll(async () => {
  t = await createTestApp({}, { beforeReady: (app) => app.queue.define(pluginTest) });
});
afterAll(() => t?.close());

describe('queue plugin', () => {
  it('runs a job sent through app.queue in-process', async () => {
    const id = await t.app.queue.send(pluginTest, { n: 7 });
    const end = Date.now() + 60_000;
    let state: string | undefined;
    while (state !== 'completed' && Date.now() < end) {
      state = (await t.app.queue.boss.getJobById('plugin-test', id!))?.state;
      if (state !== 'completed') await new Promise((r) => setTimeout(r, 100));
    }
    expect(state).toBe('completed');
    expect(seen).toEqual([7]);
  });

  it('refuses a job defined once the app is ready', () => {
    const late = defineJob({ name: 'late', payload: z.object({}), handler: async () => {} });
    expect(() => t.app.queue.define(late)).toThrow(/after the queue started/);
  });
});
