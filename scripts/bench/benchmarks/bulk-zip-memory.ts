// Memory of the real server while a 1 GB media ZIP is uploaded and processed: the archive is
// generated on the fly into tmp (20 store-mode WAV entries of 50 MiB), sent as one multipart part
// from a file-backed Blob, and the server's resident set (VmRSS of its process) is sampled every
// 50 ms from the request until the upload row is completed. Goal: peak RSS < 150 MB, i.e. no part
// or entry is ever held in memory. BENCH_RUNS=N uploads it N times in a row (the worst peak is the
// value; every run's figures are in the details).
import { createWriteStream, mkdtempSync, openAsBlob, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type BulkUploadFile, bulkUploadPaths } from '@console/contract';
import yazl from 'yazl';
import { BENCH_ADMIN } from '../lib/context';
import { round } from '../lib/stats';
import type { Benchmark } from '../lib/types';
import { sized } from '../lib/short';

const ENTRIES = Number(process.env.BENCH_ZIP_ENTRIES ?? sized(20, 2));
const ENTRY_BYTES = sized(50, 1) * 1024 * 1024;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));

/** A PCM WAV of `bytes` bytes (header + silence), streamed in 1 MiB chunks. */
function wav(bytes: number): Readable {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(bytes - 8, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(bytes - 44, 40);
  const chunk = Buffer.alloc(1024 * 1024);
  return Readable.from(
    (function* () {
      yield header;
      let left = bytes - 44;
      while (left > 0) {
        const n = Math.min(left, chunk.length);
        yield n === chunk.length ? chunk : chunk.subarray(0, n);
        left -= n;
      }
    })(),
  );
}

async function buildZip(file: string) {
  const zip = new yazl.ZipFile();
  for (let i = 0; i < ENTRIES; i++) zip.addReadStream(wav(ENTRY_BYTES), `audio/track-${i}.wav`, { compress: false, size: ENTRY_BYTES });
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(file));
}

/** The process's resident set and its two parts (anonymous: heap, buffers; file: mapped code), in MB. */
function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile') };
}

type Run = { peak: number; baseline: number; receivePeak: number; seconds: number; atPeak: ReturnType<typeof memoryOf> };

/**
 * One upload of the ZIP until its row is completed, with the server's RSS sampled every 50 ms: the
 * peak, the RSS before it (the idle server), and the peak while the upload is received (until its 202).
 */
async function uploadOnce(url: string, pid: number, headers: Record<string, string>, clientId: number, zipPath: string): Promise<Run> {
  let atPeak = memoryOf(pid);
  const baseline = atPeak.rss;
  let peak = baseline;
  let receivePeak = baseline;
  let receiving = true;
  const sampler = setInterval(() => {
    const now = memoryOf(pid);
    if (now.rss > peak) [peak, atPeak] = [now.rss, now];
    if (receiving) receivePeak = Math.max(receivePeak, now.rss);
  }, 50);
  const t0 = performance.now();
  try {
    const form = new FormData();
    form.set('clientId', String(clientId));
    form.append('files', await openAsBlob(zipPath), 'media.zip');
    const res = await fetch(`${url}/api${bulkUploadPaths('demo-media').upload}`, { method: 'POST', headers, body: form });
    receiving = false;
    if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    const id = ((await res.json()) as { data: BulkUploadFile[] }).data[0]!.id;
    for (;;) {
      const list = await fetch(`${url}/api${bulkUploadPaths('demo-media').completed}?limit=100`, { headers });
      const row = ((await list.json()) as { data: BulkUploadFile[] }).data.find((r) => r.id === id);
      if (row) {
        if (row.done !== ENTRIES) throw new Error(`completed with ${row.done} of ${ENTRIES}`);
        break;
      }
      const open = await fetch(`${url}/api${bulkUploadPaths('demo-media').pendingFailed}?limit=100`, { headers });
      const pending = ((await open.json()) as { data: BulkUploadFile[] }).data.find((r) => r.id === id);
      if (pending && pending.status !== 'pending' && pending.status !== 'processing')
        throw new Error(`upload ${pending.status}: ${JSON.stringify(pending.errors)}`);
      if (performance.now() - t0 > 30 * 60_000) throw new Error('not completed in 30 minutes');
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    clearInterval(sampler);
  }
  return { peak, baseline, receivePeak, seconds: (performance.now() - t0) / 1000, atPeak };
}

export const bulkZipMemoryBenchmark: Benchmark = {
  name: 'bulk-zip-memory',
  description: `server peak RSS while a ${round((ENTRIES * ENTRY_BYTES) / 2 ** 30, 2)} GiB media ZIP is uploaded and processed (BENCH_RUNS=${RUNS} times)`,
  async run(ctx) {
    const app = await ctx.app();
    const pid = app.child.pid as number;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-zip-'));
    try {
      const zipPath = path.join(dir, 'media.zip');
      await buildZip(zipPath);
      const login = await fetch(`${app.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: BENCH_ADMIN.email, password: BENCH_ADMIN.password }),
      });
      const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
      const csrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(login.headers.getSetCookie().join('\n'))?.[1] ?? '');
      const headers = { authorization: `Bearer ${token}`, 'x-xsrf-token': csrf };
      const post = async (url: string, body: unknown) => {
        const res = await fetch(`${app.url}/api${url}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
        return ((await res.json()) as { data: { id: number } }).data;
      };
      const company = await post('/companies/add', { name: `Zip bench ${Date.now()}` });
      const client = await post('/client/add', { name: 'Zip bench client', companyId: company.id, type: 'demo' });

      // BENCH_RUNS uploads one after the other on the same server, as a long-running server gets them:
      // memory one upload leaves behind shows in the next one's peak.
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const r = await uploadOnce(app.url, pid, headers, client.id, zipPath);
        runs.push(r);
        // Progress of a long series (10 runs take half an hour on a busy machine).
        const f = (mb: number) => round(mb, 0);
        process.stdout.write(
          `\n  run ${i + 1}/${RUNS}: peak ${f(r.peak)} MB (before ${f(r.baseline)}, anon ${f(r.atPeak.anon)}, file ${f(r.atPeak.file)}), ${round(r.seconds, 0)} s`,
        );
      }
      if (RUNS > 1) process.stdout.write('\n');
      const peaks = runs.map((r) => r.peak);
      const worst = runs.reduce((a, b) => (b.peak > a.peak ? b : a));
      const gib = round(statSync(zipPath).size / 2 ** 30, 2);
      return [
        {
          id: 'bulk.zip-peak-rss',
          label: `server peak RSS, ${gib} GiB ZIP uploaded + processed${RUNS > 1 ? `, worst of ${RUNS} runs` : ''}`,
          value: round(worst.peak, 0),
          unit: 'MB',
          goal: { op: '<=', value: 150 },
          details: {
            runs: runs.map((r) => ({
              peakMb: round(r.peak, 0),
              baselineMb: round(r.baseline, 0),
              receivePeakMb: round(r.receivePeak, 0),
              // At the peak: anonymous memory (V8 heap, buffers, malloc) and mapped files (node's code, libraries).
              anonMb: round(r.atPeak.anon, 0),
              fileMb: round(r.atPeak.file, 0),
              seconds: round(r.seconds, 1),
            })),
            minMb: round(Math.min(...peaks), 0),
            maxMb: round(Math.max(...peaks), 0),
          },
        },
        {
          id: 'bulk.zip-rss-growth',
          label: 'growth over the idle server (worst run)',
          value: round(worst.peak - worst.baseline, 0),
          unit: 'MB',
        },
        ...(RUNS > 1
          ? [
              {
                id: 'bulk.zip-peak-rss-min',
                label: `server peak RSS, best of ${RUNS} runs (${peaks.map((p) => round(p, 0)).join(', ')})`,
                value: round(Math.min(...peaks), 0),
                unit: 'MB',
              },
            ]
          : []),
      ];
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
