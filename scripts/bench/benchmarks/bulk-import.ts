// Bulk import throughput: a manage-actions sheet of ROWS rows imported by the bulk-upload job
// (read the CSV, validate every row with the contract schema, write the ledger, insert the
// actions in batches with their done marks) vs PostgreSQL's own COPY FROM of the same rows into
// manage_actions, in the same run on the same database (PGlite, as `npm start` runs it).
// Goal: the import reaches at least half of COPY's rows per second.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../apps/api/src/app';
import { bulkUploads, clients, companies } from '../../../apps/api/src/db/schema/index';
import { runUpload } from '../../../apps/api/src/modules/bulk-uploads/bulk-uploads.job';
import { newStorageKey } from '../../../apps/api/src/lib/storage/index';
import { round } from '../lib/stats';
import type { Benchmark } from '../lib/types';

const ROWS = Number(process.env.BENCH_BULK_ROWS ?? 20_000);

function sheet(prefix: string): string {
  const lines = ['name,actionType,value,toneCode,status'];
  for (let i = 1; i <= ROWS; i++) lines.push(`${prefix} ${i},open-url,https://example.com/${prefix}/${i},TC-${i % 1000},active`);
  return `${lines.join('\n')}\n`;
}

export const bulkImportBenchmark: Benchmark = {
  name: 'bulk-import',
  description: `manage-actions sheet import (${ROWS} rows, the bulk job) vs COPY FROM of the same rows`,
  async run() {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-bulk-'));
    const app = await buildApp({
      dataDir,
      pgliteDataDir: path.join(dataDir, 'pglite'),
      logLevel: 'silent',
      adminPassword: 'Bench-Admin-Pass-3307',
      seedDemo: false,
      databaseUrl: undefined,
    });
    try {
      await app.ready();
      const [company] = await app.db.insert(companies).values({ name: 'Bench bulk' }).returning();
      const [a, b] = await app.db
        .insert(clients)
        .values([
          { name: 'Import', companyId: company!.id },
          { name: 'Copy', companyId: company!.id },
        ])
        .returning();

      // The job, timed from a stored part to a completed row (what runs after the 202).
      const key = newStorageKey('bulk-uploads', 'bin');
      await app.storage.put(key, Buffer.from(sheet('Import')), { contentType: 'application/octet-stream' });
      const [upload] = await app.db
        .insert(bulkUploads)
        .values({ kind: 'manage-actions', clientId: a!.id, fileName: 'bench.csv', storageKey: key })
        .returning();
      const t0 = performance.now();
      await runUpload(app, upload!.id);
      const importMs = performance.now() - t0;
      type Pg = { query<R>(text: string, params?: unknown[], options?: { blob?: Blob }): Promise<{ rows: R[] }> };
      const pg = (app.dbHandle.db as unknown as { $client: Pg }).$client;
      const [done] = (await pg.query<{ status: string; done: number }>('SELECT status, done FROM bulk_uploads WHERE id = $1', [upload!.id]))
        .rows;
      if (done?.status !== 'completed' || done.done !== ROWS) throw new Error(`import ended ${done?.status} with ${done?.done} done`);

      // COPY of the same rows (other client, so names do not clash) into the same table.
      const copyCsv = sheet('Copy')
        .split('\n')
        .slice(1)
        .filter(Boolean)
        .map((l) => `${b!.id},${l}`)
        .join('\n');
      const t1 = performance.now();
      await pg.query(
        `COPY manage_actions (client_id, name, action_type, value, tone_code, status) FROM '/dev/blob' WITH (FORMAT csv)`,
        [],
        {
          blob: new Blob([copyCsv]),
        },
      );
      const copyMs = performance.now() - t1;
      const [copied] = (await pg.query<{ n: number }>('SELECT count(*)::int AS n FROM manage_actions WHERE client_id = $1', [b!.id])).rows;
      if (copied?.n !== ROWS) throw new Error(`COPY wrote ${copied?.n} rows`);

      const importRate = ROWS / (importMs / 1000);
      const copyRate = ROWS / (copyMs / 1000);
      return [
        {
          id: 'bulk.import-rate',
          label: `bulk job import (${ROWS} rows)`,
          value: round(importRate, 0),
          unit: 'rows/s',
          details: { ms: round(importMs, 0) },
        },
        {
          id: 'bulk.copy-rate',
          label: `COPY FROM, same rows`,
          value: round(copyRate, 0),
          unit: 'rows/s',
          details: { ms: round(copyMs, 0) },
        },
        {
          id: 'bulk.import-vs-copy',
          label: 'import / COPY rows per second',
          value: round(importRate / copyRate, 3),
          unit: 'x',
          goal: { op: '>=', value: 0.5 },
        },
      ];
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
