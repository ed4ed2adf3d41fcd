import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-db.js';
import { type DatabaseHandle, openDatabase } from '../../db/client.js';
import { z } from 'zod';
import { defineJob } from './define-job.js';
import { createJobQueue, type JobQueue } from './job-queue.js';

// The queue on the real database (PGlite in memory, or PostgreSQL with DATABASE_URL).

/** Polls until check() answers a value; a deadline only turns a hang into a readable failure. */
async function waitFor<T>(what: string, check: () => Promise<T | undefined | false>, deadlineMs = 60_000): Promise<T> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('job queue in-process', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let queue: JobQueue;
  const runs: string[] = [];
  let failing = 0;
  const record = defineJob({
    name: 'record',
    payload: z.object({ label: z.string() }),
    async handler(data) {
      runs.push(data.label);
    },
  });
  const alwaysFails = defineJob({
    name: 'always-fails',
    payload: z.object({}),
    retryLimit: 2,
    retryDelay: 1,
    retryBackoff: true,
    async handler() {
      failing++;
      throw new Error('no luck');
    },
  });

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    handle = await openDatabase({ databaseUrl: database.overrides.databaseUrl, pgliteDataDir: 'memory://' });
    queue = createJobQueue({
      handle,
      workers: true,
      concurrency: 2,
      tuning: { maintenanceIntervalSeconds: 1, pollingIntervalSeconds: 0.5 },
      jobs: [record, alwaysFails],
      deps: {},
    });
    await queue.start();
  });
  afterAll(async () => {
    await queue?.stop();
    await handle?.close();
    await drop?.();
  });

  it('runs a sent job exactly once and marks it completed', async () => {
    const id = await queue.send(record, { label: 'one' });
    const job = await waitFor('completion', async () => {
      const j = await queue.boss.getJobById('record', id!);
      return j?.state === 'completed' && j;
    });
    expect(job.data).toEqual({ label: 'one' });
    // Two workers poll this queue: still one run.
    await queue.send(record, { label: 'two' });
    await waitFor('the second job', async () => runs.includes('two'));
    expect(runs.filter((r) => r === 'one')).toEqual(['one']);
  });

  it('stores the retry policy on the job and gives up after retryLimit retries', async () => {
    const id = await queue.send(alwaysFails, {});
    const stored = await queue.boss.getJobById('always-fails', id!);
    expect(stored).toMatchObject({ retryLimit: 2, retryDelay: 1, retryBackoff: true });
    const job = await waitFor('the final failure', async () => {
      const j = await queue.boss.getJobById('always-fails', id!);
      return j?.state === 'failed' && j;
    });
    expect(job.retryCount).toBe(2);
    expect(failing).toBe(3);
    expect(job.output).toMatchObject({ message: 'no luck' });
  });

  it('refuses to send a job nobody defined', () => {
    const nobody = defineJob({ name: 'nobody', payload: z.object({}), handler: async () => {} });
    expect(() => queue.send(nobody, {})).toThrow(/unknown job/);
  });
});

describe('job queue across a crash', () => {
  const fixture = fileURLToPath(new URL('./queue-crash.fixture.ts', import.meta.url));
  let drop: () => Promise<void>;
  let env: NodeJS.ProcessEnv;
  let dir: string;

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    dir = mkdtempSync(path.join(os.tmpdir(), 'queue-crash-'));
    env = { ...process.env, QUEUE_FIXTURE_DIR: path.join(dir, 'pglite') };
    if (database.overrides.databaseUrl) env.DATABASE_URL = database.overrides.databaseUrl;
    else delete env.DATABASE_URL;
  });
  afterAll(async () => {
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs the fixture worker; resolves with the first line starting with `marker`. */
  function runWorker(extraEnv: NodeJS.ProcessEnv, marker: string): { child: ChildProcess; line: Promise<string> } {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const line = new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const hit = out.split('\n').find((l) => l.startsWith(marker));
        if (hit) resolve(hit);
      });
      child.stderr!.on('data', (chunk: Buffer) => {
        err += chunk.toString();
      });
      child.on('exit', (code, signal) => reject(new Error(`worker exited (${code ?? signal}) before ${marker}: ${out}${err}`)));
    });
    return { child, line };
  }
  const exited = (child: ChildProcess) =>
    new Promise<void>((r) => (child.exitCode !== null || child.signalCode ? r() : child.on('exit', () => r())));

  it('finishes, after a restart, a job whose worker was killed with SIGKILL mid-job', async () => {
    const first = runWorker({ ENQUEUE: '1' }, 'STARTED');
    const jobId = (await first.line).split(' ')[1];
    first.child.kill('SIGKILL');
    await exited(first.child);

    const second = runWorker({}, 'DONE');
    expect(await second.line).toBe(`DONE ${jobId}`);
    second.child.kill('SIGTERM');
    await exited(second.child);

    // The worker is gone: now this process may open the database (PGlite admits one process).
    const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDataDir: env.QUEUE_FIXTURE_DIR! });
    try {
      const client = (
        handle.db as unknown as { $client: { query(t: string, v?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> } }
      ).$client;
      const phases = await client.query('SELECT phase FROM queue_test_runs WHERE job_id = $1 ORDER BY phase', [jobId]);
      expect(phases.rows.map((r) => r.phase)).toEqual(['done', 'started', 'started']);
      const job = await client.query('SELECT state, retry_count FROM pgboss.job WHERE id = $1', [jobId]);
      expect(job.rows).toEqual([{ state: 'completed', retry_count: 1 }]);
    } finally {
      await handle.close();
    }
  });
});
