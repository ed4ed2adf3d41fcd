// Memory of the real server while a 1 GB media ZIP is uploaded and processed: the archive is
// generated on the fly into tmp (20 store-mode WAV entries of 50 MiB), sent as one multipart part
// from a file-backed Blob, and the server's resident set (VmRSS of its process) is sampled every
// 50 ms from the request until the upload row is completed. Goal: peak RSS < 150 MB, i.e. no part
// or entry is ever held in memory.
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

const ENTRIES = Number(process.env.BENCH_ZIP_ENTRIES ?? 20);
const ENTRY_BYTES = 50 * 1024 * 1024;

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

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

export const bulkZipMemoryBenchmark: Benchmark = {
  name: 'bulk-zip-memory',
  description: `server peak RSS while a ${round((ENTRIES * ENTRY_BYTES) / 2 ** 30, 2)} GiB media ZIP is uploaded and processed`,
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

      const baseline = rssMb(pid);
      let peak = baseline;
      // The peak of each phase: receiving the upload (until its 202) and the job that unpacks it.
      let receivePeak = baseline;
      let receiving = true;
      const sampler = setInterval(() => {
        const rss = rssMb(pid);
        peak = Math.max(peak, rss);
        if (receiving) receivePeak = Math.max(receivePeak, rss);
      }, 50);
      const t0 = performance.now();
      try {
        const form = new FormData();
        form.set('clientId', String(client.id));
        form.append('files', await openAsBlob(zipPath), 'media.zip');
        const res = await fetch(`${app.url}/api${bulkUploadPaths('demo-media').upload}`, { method: 'POST', headers, body: form });
        receiving = false;
        if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
        const id = ((await res.json()) as { data: BulkUploadFile[] }).data[0]!.id;
        for (;;) {
          const list = await fetch(`${app.url}/api${bulkUploadPaths('demo-media').completed}?limit=100`, { headers });
          const row = ((await list.json()) as { data: BulkUploadFile[] }).data.find((r) => r.id === id);
          if (row) {
            if (row.done !== ENTRIES) throw new Error(`completed with ${row.done} of ${ENTRIES}`);
            break;
          }
          const open = await fetch(`${app.url}/api${bulkUploadPaths('demo-media').pendingFailed}?limit=100`, { headers });
          const pending = ((await open.json()) as { data: BulkUploadFile[] }).data.find((r) => r.id === id);
          if (pending && pending.status !== 'pending' && pending.status !== 'processing')
            throw new Error(`upload ${pending.status}: ${JSON.stringify(pending.errors)}`);
          if (performance.now() - t0 > 30 * 60_000) throw new Error('not completed in 30 minutes');
          await new Promise((r) => setTimeout(r, 250));
        }
      } finally {
        clearInterval(sampler);
      }
      const seconds = (performance.now() - t0) / 1000;
      return [
        {
          id: 'bulk.zip-peak-rss',
          label: `server peak RSS, ${round(statSync(zipPath).size / 2 ** 30, 2)} GiB ZIP uploaded + processed`,
          value: round(peak, 0),
          unit: 'MB',
          goal: { op: '<=', value: 150 },
          details: {
            baselineMb: round(baseline, 0),
            receivePeakMb: round(receivePeak, 0),
            growthMb: round(peak - baseline, 0),
            seconds: round(seconds, 1),
          },
        },
        { id: 'bulk.zip-rss-growth', label: 'growth over the idle server', value: round(peak - baseline, 0), unit: 'MB' },
      ];
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
