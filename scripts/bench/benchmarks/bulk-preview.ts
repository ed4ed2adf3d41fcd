// Import preview (issue 18 part 2): a ROWS-row manage-actions sheet previewed through the route
// (multipart in, the same reader, schema and checks as the import, nothing written) against the
// bulk job importing the same rows, in the same run on the same database (PGlite, as `npm start`).
// Goals: the preview of 100,000 rows answers within 5 s (the issue's own figure), takes no
// longer than the import of the same rows, and its peak RSS rises no more than the import's.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bulkPreviewRoutes, COOKIE_NAMES, HEADER_NAMES } from '@console/contract';
import { buildApp } from '../../../apps/api/src/app';
import { bulkUploads, clients, companies } from '../../../apps/api/src/db/schema/index';
import { runUpload } from '../../../apps/api/src/modules/bulk-uploads/bulk-uploads.job';
import { newStorageKey } from '../../../apps/api/src/lib/storage/index';
import { median, round } from '../lib/stats';
import type { Benchmark } from '../lib/types';
import { sized } from '../lib/short';

const ROWS = Number(process.env.BENCH_PREVIEW_ROWS ?? sized(100_000, 300));
const ROUNDS = sized(3, 1);

function sheet(prefix: string): Buffer {
  const lines = ['name,actionType,value,toneCode,status'];
  for (let i = 1; i <= ROWS; i++) lines.push(`${prefix} ${i},open-url,https://example.com/${prefix}/${i},TC-${i % 1000},active`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** Runs `work` and samples RSS every 20 ms: the time and the peak rise over the RSS before it. */
async function measured(work: () => Promise<void>) {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return { ms: performance.now() - t0, riseMb: Math.max(0, Math.max(peak, process.memoryUsage().rss) - base) / 2 ** 20 };
}

export const bulkPreviewBenchmark: Benchmark = {
  name: 'bulk-preview',
  description: `import preview of a ${ROWS}-row sheet (the route) vs the bulk job importing it, median of ${ROUNDS}`,
  async run() {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-preview-'));
    const password = 'Bench-Admin-Pass-3307';
    const app = await buildApp({
      dataDir,
      pgliteDataDir: path.join(dataDir, 'pglite'),
      logLevel: 'silent',
      adminPassword: password,
      seedDemo: false,
      databaseUrl: undefined,
    });
    try {
      await app.ready();
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@example.com', password } });
      const token = login.json<{ data: { accessToken: string } }>().data.accessToken;
      const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
      const [company] = await app.db.insert(companies).values({ name: 'Bench preview' }).returning();
      let n = 0;
      const newClient = async () =>
        (
          await app.db
            .insert(clients)
            .values({ name: `Preview ${++n}`, companyId: company!.id })
            .returning()
        )[0]!.id;

      const previewRound = async () => {
        const clientId = await newClient();
        const body = sheet(`P${clientId}`);
        const boundary = `----bench${randomBytes(6).toString('hex')}`;
        const payload = Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="clientId"\r\n\r\n${clientId}\r\n`),
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="s.csv"\r\nContent-Type: text/csv\r\n\r\n`),
          body,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        let counts: { wouldAdd: number } | undefined;
        const m = await measured(async () => {
          const res = await app.inject({
            method: 'POST',
            url: `/api${bulkPreviewRoutes('manage-actions').preview}`,
            payload,
            headers: {
              'content-type': `multipart/form-data; boundary=${boundary}`,
              authorization: `Bearer ${token}`,
              [HEADER_NAMES.csrf]: cookies[COOKIE_NAMES.csrf] ?? '',
              [HEADER_NAMES.sessionId]: cookies[COOKIE_NAMES.sessionId] ?? '',
            },
            cookies,
          });
          if (res.statusCode !== 200) throw new Error(`preview answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
          counts = res.json<{ data: { counts: { wouldAdd: number } } }>().data.counts;
        });
        if (counts?.wouldAdd !== ROWS) throw new Error(`preview would add ${counts?.wouldAdd} of ${ROWS}`);
        return m;
      };

      const importRound = async () => {
        const clientId = await newClient();
        const key = newStorageKey('bulk-uploads', 'bin');
        await app.storage.put(key, sheet(`I${clientId}`), { contentType: 'application/octet-stream' });
        const [upload] = await app.db
          .insert(bulkUploads)
          .values({ kind: 'manage-actions', clientId, fileName: 'bench.csv', storageKey: key })
          .returning();
        return measured(() => runUpload(app, upload!.id));
      };

      await previewRound(); // untimed: JIT and PGlite's WASM tier up on first use
      const previews: Awaited<ReturnType<typeof measured>>[] = [];
      const imports: Awaited<ReturnType<typeof measured>>[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        previews.push(await previewRound());
        imports.push(await importRound());
      }
      const previewMs = median(previews.map((p) => p.ms));
      const importMs = median(imports.map((p) => p.ms));
      const previewRise = Math.max(...previews.map((p) => p.riseMb));
      const importRise = Math.max(...imports.map((p) => p.riseMb));
      return [
        {
          id: 'preview.seconds',
          label: `preview of ${ROWS} rows`,
          value: round(previewMs / 1000, 2),
          unit: 's',
          goal: { op: '<=', value: 5 },
        },
        {
          id: 'preview.vs-import',
          label: 'preview time / import time, same rows',
          value: round(previewMs / importMs, 3),
          unit: 'x',
          goal: { op: '<=', value: 1 },
          details: { previewMs: round(previewMs, 0), importMs: round(importMs, 0) },
        },
        {
          id: 'preview.memory',
          label: 'preview peak RSS rise / import peak RSS rise',
          value: round(previewRise / Math.max(importRise, 1), 2),
          unit: 'x',
          goal: { op: '<=', value: 1.5 },
          details: { previewRiseMb: round(previewRise, 1), importRiseMb: round(importRise, 1) },
        },
      ];
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
